import { MULTIPART_THRESHOLD_BYTES } from '../../core/constants.ts';
import { classify, messageOf, type Outcome, type OutboxPhoto, type PhotoJob } from './kinds.ts';
import { send } from './request.ts';

type Step = { job: PhotoJob } | { stop: Exclude<Outcome, { kind: 'ok' }> };
type PartsJob = Extract<PhotoJob, { step: 'parts' }>;

/** The part size the uploader uses too: S3's smallest for every part but the last. */
const PART_BYTES = 5 * 1_048_576;
/** A part is larger than any other request: it gets longer before it counts as lost. */
const PART_TIMEOUT_MS = 5 * 60_000;

/** A kept photo over 5 MB is sent in resumable parts (SPEC §7, docs/decisions/047). */
export const goesInParts = (photo: OutboxPhoto) => photo.blob.size > MULTIPART_THRESHOLD_BYTES;

/**
 * Starts a resumable upload of the kept photo. Null when the server has them turned off (404):
 * the photo then goes in one PUT.
 */
export async function startParts(photo: OutboxPhoto): Promise<Step | null> {
  const out = await send('POST', '/api/s3/multipart', {
    json: {
      filename: 'photo',
      type: photo.blob.type || 'application/octet-stream',
      metadata: { purpose: photo.purpose, size: photo.blob.size },
    },
  });
  if (out.kind === 'refused' && out.status === 404) return null;
  if (out.kind !== 'ok') return { stop: out };
  const { uploadId, key } = out.json as { uploadId: string; key: string };
  return { job: { step: 'parts', uploadId, key, parts: [] } };
}

/**
 * Sends the next part, or joins them once all are up. Each part sent is saved with the job, so
 * after a dropped connection or a reload the upload goes on from the next one. An upload the
 * server no longer knows (expired, 404) starts again from a new one.
 */
export async function partStep(photo: OutboxPhoto, job: PartsJob): Promise<Step> {
  const base = `/api/s3/multipart/${encodeURIComponent(job.uploadId)}`;
  const query = `key=${encodeURIComponent(job.key)}`;
  const next = job.parts.length + 1;
  if (next > Math.ceil(photo.blob.size / PART_BYTES)) {
    const out = await send('POST', `${base}/complete?${query}`, { json: { parts: job.parts } });
    if (out.kind === 'ok') {
      const { completeURL } = out.json as { completeURL: string };
      return {
        job: { step: 'complete', ticket: { completeURL }, completeKey: crypto.randomUUID() },
      };
    }
    return gone(out);
  }
  const signed = await send('GET', `${base}/${next}?${query}`, {});
  if (signed.kind !== 'ok') return gone(signed);
  const slice = photo.blob.slice((next - 1) * PART_BYTES, next * PART_BYTES);
  const sent = await putPart((signed.json as { url: string }).url, slice);
  if ('stop' in sent) return gone(sent.stop);
  return { job: { ...job, parts: [...job.parts, { PartNumber: next, ETag: sent.etag }] } };
}

function gone(out: Outcome): Step {
  if (out.kind === 'refused' && out.status === 404) {
    return { job: { step: 'ticket', ticketKey: crypto.randomUUID() } };
  }
  if (out.kind === 'ok') return { stop: { kind: 'network' } };
  return { stop: out };
}

/** PUTs one part to its signed URL (ours, or the bucket's); its answer's ETag names it. */
async function putPart(url: string, blob: Blob): Promise<{ etag: string } | { stop: Outcome }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'PUT',
      body: blob,
      headers: { 'Content-Type': 'application/octet-stream' },
      signal: AbortSignal.timeout(PART_TIMEOUT_MS),
    });
  } catch {
    return { stop: { kind: 'network' } };
  }
  const text = await res.text().catch(() => null);
  const etag = res.headers.get('etag');
  if (res.ok && etag && text !== null) return { etag };
  // Through, but no ETag readable: a bucket whose CORS hides it (see the README).
  if (res.ok)
    return { stop: { kind: 'refused', status: 502, message: 'The storage hid the ETag.' } };
  return {
    stop: classify(res.status, messageOf(res.status, text ?? ''), res.headers.has('retry-after')),
  };
}
