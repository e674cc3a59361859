import { lazyPart } from '../../components/ui/lazy-boundary.tsx';

// Loaded when first opened: the map home's first frame waits on less code (decision 030).
export const ProposeWallDialog = lazyPart(() =>
  import('./propose-wall-dialog.tsx').then((m) => ({ default: m.ProposeWallDialog })),
);
