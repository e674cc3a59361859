import type { CompletedUpload, UploadTicket } from '../../core/schemas/objects.ts';
import type { Outcome, OutboxPhoto, PhotoJob } from './kinds.ts';
import { goesInParts, partStep, startParts } from './multipart-steps.ts';
import { send } from './request.ts';

/** A spent or expired link (403), or bytes that never arrived (400): start again with a new one. */
const NEW_LINK = new Set([400, 403]);

const restart = (): PhotoJob => ({ step: 'ticket', ticketKey: crypto.randomUUID() });

/**
 * One step of a photo's upload from the stored blob: ask for a link, PUT the bytes, have the
 * server process them. Returns the next job (saved before the next step, so a reload resumes
 * there) or why it stopped. A photo the server refuses (already documented, not a photo, too
 * large) stops as refused.
 */
export async function photoStep(
  photo: OutboxPhoto,
): Promise<{ job: PhotoJob } | { stop: Exclude<Outcome, { kind: 'ok' }> }> {
  const job = photo.job;
  if (job.step === 'ticket') {
    const started = goesInParts(photo) ? await startParts(photo) : null;
    if (started) return started;
    const out = await send('POST', '/api/objects/upload', {
      key: job.ticketKey,
      json: { purpose: photo.purpose },
    });
    if (out.kind !== 'ok') return { stop: out };
    return { job: { step: 'put', ticket: out.json as UploadTicket } };
  }
  if (job.step === 'put') {
    const out = await send('PUT', job.ticket.uploadURL, { blob: photo.blob });
    if (out.kind === 'ok') {
      return { job: { step: 'complete', ticket: job.ticket, completeKey: crypto.randomUUID() } };
    }
    // The link is spent: perhaps by this very PUT, whose answer was lost. Completing tells.
    if (out.kind === 'refused' && out.status === 403) {
      return { job: { step: 'complete', ticket: job.ticket, completeKey: crypto.randomUUID() } };
    }
    return { stop: out };
  }
  if (job.step === 'parts') return partStep(photo, job);
  if (job.step === 'complete') {
    const out = await send('POST', job.ticket.completeURL, { key: job.completeKey });
    if (out.kind === 'ok') return { job: { step: 'done', photo: out.json as CompletedUpload } };
    if (out.kind === 'refused' && NEW_LINK.has(out.status)) return { job: restart() };
    return { stop: out };
  }
  return { job };
}
