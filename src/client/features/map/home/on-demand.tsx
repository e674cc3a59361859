import { useState, type ReactNode } from 'react';
import { LazyBoundary, lazyPart } from '../../../components/ui/lazy-boundary.tsx';
import { MissingPartDialog } from '../../../components/ui/missing-part-dialog.tsx';
export { SaveAreaDialogFor } from '../../saved-areas/index.ts';
export { ProposeWallDialog } from '../../walls/index.ts';

/**
 * What the map home's first view does not show loads when first wanted, so the map's first
 * frame waits on less code (docs/decisions/030-light-map-home.md).
 */
export const CaptureDialog = lazyPart(() =>
  import('../capture/capture-dialog.tsx').then((m) => ({ default: m.CaptureDialog })),
);
export const GraffitiDialog = lazyPart(() =>
  import('../capture/graffiti-dialog.tsx').then((m) => ({ default: m.GraffitiDialog })),
);
export const SideNav = lazyPart(() =>
  import('../../../components/layout/side-nav.tsx').then((m) => ({ default: m.SideNav })),
);
export const ImagingControlsFor = lazyPart(() =>
  import('../layers/imaging-controls-for.tsx').then((m) => ({ default: m.ImagingControlsFor })),
);
// Under the layers panel only: the filters, the GPX export and the saved areas (their own chunk).
export const LayersExtras = lazyPart(() =>
  import('./layers-extras.tsx').then((m) => ({ default: m.LayersExtras })),
);
// A selected place's panel brings the report menu and the artwork's and wall's details.
export const LocationPanel = lazyPart(() =>
  import('../panels/location-panel.tsx').then((m) => ({ default: m.LocationPanel })),
);
export const MissionPanel = lazyPart(() =>
  import('../panels/mission-panel.tsx').then((m) => ({ default: m.MissionPanel })),
);

/**
 * Renders `children` from the first time `when` holds, and keeps them after, so a dialog that
 * closes still animates out and hands focus back; until its code arrives, nothing shows. A
 * dialog whose code cannot arrive opens as a dialog saying so, which `onClose` closes.
 */
export function OnDemand({
  when,
  onClose,
  children,
}: {
  when: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  return wanted ? (
    <LazyBoundary
      fallback={(missing) => <MissingPartDialog open={when} onClose={onClose} {...missing} />}
    >
      {children}
    </LazyBoundary>
  ) : null;
}
