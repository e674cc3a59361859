import type { CompletedUpload, UploadPurpose, UploadTicket } from '../../core/schemas/objects.ts';

/** What the outbox keeps: every create the player makes from the app (docs/decisions/034). */
export type OutboxKind =
  'discovery' | 'graffiti' | 'artwork-log' | 'marker' | 'wall-confirmation' | 'forum-post';

export const KIND_LABELS: Record<OutboxKind, string> = {
  discovery: 'Discovery',
  graffiti: 'Graffiti upload',
  'artwork-log': 'Artwork log',
  marker: 'Custom marker',
  'wall-confirmation': 'Wall confirmation',
  'forum-post': 'Forum post',
};

/**
 * Where a photo upload got to. Each request that creates something on the server carries its
 * own key, kept with the step, so a repeat after a lost answer gets the first answer.
 */
export type PhotoJob =
  | { step: 'ticket'; ticketKey: string }
  | { step: 'put'; ticket: UploadTicket }
  /** A photo over 5 MB goes in resumable parts (docs/decisions/047): those sent so far. */
  | { step: 'parts'; uploadId: string; key: string; parts: SentPart[] }
  | { step: 'complete'; ticket: Pick<UploadTicket, 'completeURL'>; completeKey: string }
  | { step: 'done'; photo: CompletedUpload };

export interface SentPart {
  PartNumber: number;
  ETag: string;
}

export interface OutboxPhoto {
  blob: Blob;
  purpose: UploadPurpose;
  job: PhotoJob;
}

export type OutboxState = 'waiting' | 'sending' | 'refused';

export interface OutboxItem {
  id: string;
  /** Items are the player's own: another player signed in on this device never sends them. */
  userId: string;
  kind: OutboxKind;
  /** What the list shows of it (the discovery's name, the post's first words). */
  title: string;
  createdAt: string;
  /** The create request, with the key made when the player submitted it. */
  path: string;
  body: Record<string, unknown>;
  key: string;
  photo: OutboxPhoto | null;
  /**
   * The create's body field the photo's URL goes into, and whether the spot may come from the
   * photo (a discovery saved with no device location).
   */
  photoField: string | null;
  spotFromPhoto: boolean;
  state: OutboxState;
  /** The server's words for a refusal. */
  reason: string | null;
}

/** The outcome of one request, as the sender needs it. */
export type Outcome =
  | { kind: 'ok'; json: unknown }
  /** Never reached the server, or no answer we can trust: try again later with the same key. */
  | { kind: 'network' }
  /** The server is fine but asks for a pause (429, 408, a key still running). */
  | { kind: 'later' }
  | { kind: 'signed-out' }
  | { kind: 'refused'; status: number; message: string };

/** Gateway answers mean the request may or may not have reached the app: a network failure. */
const GATEWAY = new Set([502, 503, 504]);
const LATER = new Set([408, 429]);

/** Sorts a response (or the failure to get one) into what the sender does next. */
export function classify(status: number, message: string, retryAfter: boolean): Outcome {
  if (GATEWAY.has(status)) return { kind: 'network' };
  if (status === 401) return { kind: 'signed-out' };
  if (LATER.has(status) || (status === 409 && retryAfter)) return { kind: 'later' };
  return { kind: 'refused', status, message };
}

/** The server's `message`, or the body text, or the status. */
export function messageOf(status: number, text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text.trim() || `The server answered ${status}.`;
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_WAIT_MS = 60_000;

/**
 * How long to wait before the next try after `failures` passes in a row that moved nothing
 * forward: doubling from a second up to a minute (the online event and app start try at once).
 */
export function retryDelay(failures: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** The order items are sent in: oldest first, so a post lands after the discovery it follows. */
export function sendOrder(items: OutboxItem[]): OutboxItem[] {
  return items
    .filter((item) => item.state !== 'refused')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * An item edited or retried after a refusal gets new keys: a refusal is kept for its key
 * (docs/decisions/031), and the same key with another body would be refused with 409.
 */
export function renewed(item: OutboxItem, body: Record<string, unknown>): OutboxItem {
  const photo = item.photo;
  return {
    ...item,
    body,
    key: crypto.randomUUID(),
    photo:
      photo && photo.job.step !== 'done'
        ? { ...photo, job: { step: 'ticket', ticketKey: crypto.randomUUID() } }
        : photo,
    state: 'waiting',
    reason: null,
  };
}
