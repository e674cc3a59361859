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
    // Just under the header on every screen: at the bottom of a phone it sat on the map's
    // sheets, which rise and fall. The map home moves its badges down to make room for it.
    <div className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+4rem)] z-[90] flex justify-center px-3">
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
