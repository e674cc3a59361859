import { CloudOff } from 'lucide-react';
import { formatClock } from '../../lib/format.ts';
import { useOfflineState } from '../../lib/offline-state.ts';

/**
 * Says the app is showing kept answers rather than live ones (docs/decisions/033), and from
 * when: the time the oldest answer on screen was first given.
 */
export function OfflineBanner() {
  const { offline, since } = useOfflineState();
  if (!offline) return null;
  return (
    // Phones: above the map's bottom sheet, clear of the badges under the header; desktop: just
    // under the header. (It rarely meets the update banner there: updates download online.)
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(env(safe-area-inset-bottom)+6rem)] z-[90] flex justify-center px-3 md:top-[3.75rem] md:bottom-auto">
      <p
        role="status"
        className="flex items-center gap-2 rounded-full border border-neon-amber/50 bg-wall/95 px-3 py-1.5 text-xs font-bold text-neon-amber shadow-lg"
      >
        <CloudOff className="size-4 shrink-0" aria-hidden />
        {since === null ? 'Offline' : `Offline — showing what you saw at ${formatClock(since)}`}
      </p>
    </div>
  );
}
