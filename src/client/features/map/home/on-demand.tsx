import { lazy, Suspense, useState, type ReactNode } from 'react';
export { SaveAreaDialogFor, SavedAreasSection } from '../../saved-areas/index.ts';
export { ProposeWallDialog } from '../../walls/index.ts';

/**
 * What the map home's first view does not show loads when first wanted, so the map's first
 * frame waits on less code (docs/decisions/030-light-map-home.md).
 */
export const CaptureDialog = lazy(() =>
  import('../capture/capture-dialog.tsx').then((m) => ({ default: m.CaptureDialog })),
);
export const GraffitiDialog = lazy(() =>
  import('../capture/graffiti-dialog.tsx').then((m) => ({ default: m.GraffitiDialog })),
);
export const SideNav = lazy(() =>
  import('../../../components/layout/side-nav.tsx').then((m) => ({ default: m.SideNav })),
);
export const ImagingControlsFor = lazy(() =>
  import('../layers/imaging-controls-for.tsx').then((m) => ({ default: m.ImagingControlsFor })),
);
export const MapFiltersPanel = lazy(() =>
  import('../layers/map-filters-panel.tsx').then((m) => ({ default: m.MapFiltersPanel })),
);
export const MissionPanel = lazy(() =>
  import('../panels/mission-panel.tsx').then((m) => ({ default: m.MissionPanel })),
);

/**
 * Renders `children` from the first time `when` holds, and keeps them after, so a dialog that
 * closes still animates out and hands focus back; until its code arrives, nothing shows.
 */
export function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
