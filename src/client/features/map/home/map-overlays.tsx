import type { ReactNode } from 'react';

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
      <div className="flex h-full w-96 flex-none flex-col gap-3">{left}</div>
      {right && (
        <div className="mr-14 ml-auto flex h-full min-h-0 w-96 flex-col gap-3">{right}</div>
      )}
      {pinBar && (
        <div className="absolute inset-x-0 bottom-9 mx-auto w-full max-w-md px-4">{pinBar}</div>
      )}
      <div className="absolute right-4 bottom-9">{fabs}</div>
    </div>
  );
}

/**
 * Phone: only small things float over the map (the imagery badge, the first-visit tip, the
 * floating buttons above the sheet's peek); the imaging panel, when opened, hangs from the top
 * so the map it moves stays in view.
 */
export function PhoneOverlay({
  top,
  pinBar,
  fabs,
}: {
  top: ReactNode;
  pinBar: ReactNode;
  fabs: ReactNode;
}) {
  return (
    <div className="pointer-events-none absolute inset-0">
      <div className="absolute inset-x-3 top-3 flex max-h-[60%] flex-col items-start gap-2">
        {top}
      </div>
      {pinBar ? (
        <div className="absolute inset-x-3 bottom-3">{pinBar}</div>
      ) : (
        <div className="absolute right-3 bottom-[120px]">{fabs}</div>
      )}
    </div>
  );
}
