import { lazyPart } from '../../components/ui/lazy-boundary.tsx';

// Loaded when first opened: the map home's first frame waits on less code (decision 030).
export const SavedAreasSection = lazyPart(() =>
  import('./saved-areas-section.tsx').then((m) => ({ default: m.SavedAreasSection })),
);
export const SaveAreaDialogFor = lazyPart(() =>
  import('./save-area-dialog.tsx').then((m) => ({ default: m.SaveAreaDialogFor })),
);
export type { AreaTarget } from './save-area-dialog.tsx';
