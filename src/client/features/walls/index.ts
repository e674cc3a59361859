import { lazyPart } from '../../components/ui/lazy-boundary.tsx';

// Loaded when first opened: the map home's first frame waits on less code (decision 030).
export const ProposeWallDialog = lazyPart(() =>
  import('./propose-wall-dialog.tsx').then((m) => ({ default: m.ProposeWallDialog })),
);
export { WallDetails } from './wall-details.tsx';
export { WALL_MARKER_STYLE, WallStatusBadge } from './wall-status-badge.tsx';
export { WallTrust } from './wall-trust.tsx';
export { nearbyWallsQuery, wallQuery, wallsInViewQuery } from './walls-api.ts';
