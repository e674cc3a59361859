import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { aboveSafeArea, PHONE_LAYOUT } from '../panels/phone-layout.ts';

/**
 * Desktop: the panels at the map's sides, SPEC's 'Advanced Imaging' on the left with the walls,
 * the selected place or the imaging panel on the right, the floating buttons bottom right.
 */
export function DesktopOverlay({
  left,
  right,
  pinBar,
  fabs,
}: {
  left: ReactNode;
  right: ReactNode;
  pinBar: ReactNode;
  fabs: ReactNode;
}) {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-start gap-4 p-4 pb-9">
      {/* Scrolls when its cards outgrow a short window (the walls list shrinks first); its
          padding keeps the cards' shadows from being cut. */}
      <div className="-mx-4 flex h-full w-[26rem] flex-none flex-col gap-3 overflow-y-auto px-4">
        {left}
      </div>
      {right && (
        <div className="mr-14 ml-auto flex h-full min-h-0 w-96 flex-col gap-3">{right}</div>
      )}
      {pinBar && (
        <div className="absolute inset-x-0 bottom-9 mx-auto w-full max-w-lg px-4">{pinBar}</div>
      )}
      <div className="absolute right-4 bottom-9">{fabs}</div>
    </div>
  );
}

/**
 * Phone: only small things float over the map (the imagery badge, the first-visit tip, the
 * floating buttons above the sheet's peek); the imaging panel, when opened, hangs from the top
 * so the map it moves stays in view. The top right is the map's credits button (map-credits.css):
 * the badge's row leaves it room. Offline, all of it steps down under the offline pill.
 */
export function PhoneOverlay({
  top,
  pinBar,
  fabs,
  offline,
}: {
  top: ReactNode;
  pinBar: ReactNode;
  fabs: ReactNode;
  offline: boolean;
}) {
  return (
    <div className="pointer-events-none absolute inset-0">
      <div
        className={cn(
          'absolute inset-x-3 flex max-h-[60%] flex-col items-start gap-2',
          offline ? 'top-12' : 'top-3',
        )}
      >
        {top}
      </div>
      {pinBar ? (
        <div className="absolute inset-x-3 bottom-3">{pinBar}</div>
      ) : (
        <div
          className="absolute right-3"
          style={{ bottom: aboveSafeArea(PHONE_LAYOUT.tabBar + PHONE_LAYOUT.sheetPeek + 12) }}
        >
          {fabs}
        </div>
      )}
    </div>
  );
}
