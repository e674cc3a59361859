import type { UploadPhase } from './photo-field-types.ts';

/** SPEC §2 pending labels: 'Uploading...' then 'Processing...', then the flow's own save step. */
export function pendingLabel(phase: UploadPhase, saving: string): string {
  if (phase === 'uploading') return 'Uploading...';
  if (phase === 'processing') return 'Processing...';
  return saving;
}
