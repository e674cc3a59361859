import { PhotoUploadError } from '../api/uploads.ts';
import { toast } from '../hooks/use-toast.ts';
import { isNetworkFailure, queueItem, SAVED_FOR_LATER, unsentPhoto } from './queue.ts';

/**
 * True when a photo step failed on the network rather than being refused: the bytes or their
 * processing did not get an answer. A refusal carries the server's 4xx.
 */
export function photoFailedOnNetwork(error: unknown): error is PhotoUploadError {
  if (!(error instanceof PhotoUploadError)) return false;
  const cause = error.cause as { isNetworkError?: unknown } | undefined;
  // Uppy marks a transfer that got no answer; a refused one (403, 413) is not the network's.
  return isNetworkFailure(cause) || cause?.isNetworkError === true;
}

const PATHS = { discovery: '/api/discoveries', graffiti: '/api/discoveries/graffiti' };

/**
 * Keeps a discovery or graffiti upload for the outbox (docs/decisions/034): with the picked
 * photo when it has not been processed yet (sent from its first step), and without a spot when
 * only the photo can say where it was taken.
 */
export async function keepCapture(input: {
  kind: 'discovery' | 'graffiti';
  userId: string;
  body: Record<string, unknown>;
  key: string;
  blob: Blob | null;
}): Promise<void> {
  await queueItem({
    userId: input.userId,
    kind: input.kind,
    title: String(input.body.name),
    path: PATHS[input.kind],
    body: input.body,
    key: input.key,
    photo: input.blob ? unsentPhoto(input.blob, input.kind) : null,
    photoField: 'imageUrl',
    spotFromPhoto: input.body.latitude === undefined,
  });
  toast(SAVED_FOR_LATER);
}
