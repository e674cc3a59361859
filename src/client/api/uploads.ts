import type { CompletedUpload, UploadPurpose, UploadTicket } from '../../core/schemas/objects.ts';
import { apiRequest } from '../lib/query-client.ts';

export { UPLOAD_LIMITS } from '../../core/constants.ts';

/** POST /api/objects/upload: a single-use link for one photo of this purpose (SPEC §7). */
export async function requestUploadTicket(purpose: UploadPurpose): Promise<UploadTicket> {
  const res = await apiRequest('POST', '/api/objects/upload', { purpose });
  return (await res.json()) as UploadTicket;
}

/** Has the server check and process the uploaded bytes; returns the photo and its GPS hint. */
export async function completeUpload(completeURL: string): Promise<CompletedUpload> {
  const res = await apiRequest('POST', completeURL);
  return (await res.json()) as CompletedUpload;
}

/**
 * A photo flow step that failed: 'upload' (the bytes did not get through: retry the same
 * photo) or 'process' (the server refused the photo itself; `reason` says why, e.g. not a photo
 * or already documented). The message stays the HTTP error's, so a 401 is still recognised.
 */
export class PhotoUploadError extends Error {
  constructor(
    readonly step: 'upload' | 'process',
    cause: unknown,
    /** The picked photo, so a failure on the network can keep it for the outbox. */
    readonly file: Blob | null = null,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PhotoUploadError';
  }

  /** The server's own words for a refused photo (413, 415, 409) or player (403), else null. */
  get reason(): string | null {
    const match = /^(403|409|413|415): (.*)$/s.exec(this.message);
    if (!match) return null;
    try {
      return (JSON.parse(match[2]!) as { message?: string }).message ?? null;
    } catch {
      return match[2]!;
    }
  }
}
