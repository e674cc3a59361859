import { RefreshCw } from 'lucide-react';
import { useAppUpdate } from '../../lib/app-update.ts';

/**
 * Offers the new version of the app once it has downloaded; the player picks the moment. It sits
 * under the header, clear of the map's bottom sheets and action bar; an open dialog covers it
 * (it could not be pressed through the dialog anyway).
 */
export function UpdateBanner() {
  const activate = useAppUpdate();
  if (!activate) return null;
  return (
    <div className="fixed inset-x-0 top-[calc(env(safe-area-inset-top)+4.25rem)] z-[45] flex justify-center px-3 md:top-20">
      <div
        role="status"
        className="flex items-center gap-3 rounded-2xl border border-line bg-brick py-2 pr-2 pl-4 text-sm text-chalk shadow-2xl"
      >
        <p>A new version is ready —</p>
        <button
          type="button"
          onClick={activate}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-gradient-to-r from-pink-600 to-violet-600 px-4 font-bold text-white hover:brightness-110"
        >
          <RefreshCw className="size-4" aria-hidden />
          Reload
        </button>
      </div>
    </div>
  );
}
