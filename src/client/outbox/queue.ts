import type { User } from '../../core/schemas/user.ts';
import { authKeys } from '../api/auth.ts';
import { toast } from '../hooks/use-toast.ts';
import { apiRequest, queryClient } from '../lib/query-client.ts';
import type { UploadPurpose } from '../../core/schemas/objects.ts';
import type { OutboxItem, OutboxKind, OutboxPhoto } from './kinds.ts';
import { flushOutbox } from './sender.ts';
import { putItem } from './store.ts';
import { requestBackgroundSync } from './sync.ts';

/** What the player sees instead of an error when a create is kept for later (SPEC wording). */
export const SAVED_FOR_LATER = {
  title: 'Saved on this device',
  description: "No connection right now: it will be sent when you're back online.",
};

/**
 * A failure that says nothing about the request: no connection, a timeout, a gateway (502,
 * 503, 504). The request may or may not have reached the server; a repeat with its key is safe.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (
    error instanceof TypeError ||
    (error instanceof DOMException && error.name === 'TimeoutError')
  )
    return true;
  return error instanceof Error && /^50[234]: /.test(error.message);
}

export interface NewItem {
  userId: string;
  kind: OutboxKind;
  title: string;
  path: string;
  body: Record<string, unknown>;
  key: string;
  photo?: OutboxPhoto | null;
  photoField?: string | null;
  spotFromPhoto?: boolean;
}

/** A picked photo the server has not seen yet: sent from its first step, asking for a link. */
export const unsentPhoto = (blob: Blob, purpose: UploadPurpose): OutboxPhoto => ({
  blob,
  purpose,
  job: { step: 'ticket', ticketKey: crypto.randomUUID() },
});

/** Keeps a create on the device and starts sending the outbox. */
export async function queueItem(input: NewItem): Promise<void> {
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    photo: null,
    photoField: null,
    spotFromPhoto: false,
    ...input,
    state: 'waiting',
    reason: null,
  };
  await putItem(item);
  requestBackgroundSync();
  void flushOutbox(input.userId, item.id);
}

/**
 * POSTs a create with its Idempotency-Key; a network failure keeps it in the signed-in player's
 * outbox with that key and resolves null (the caller says it is saved). The server's refusals
 * throw as apiRequest's do.
 */
export async function createOrQueue<T>(input: {
  kind: OutboxKind;
  title: string;
  path: string;
  body: Record<string, unknown>;
}): Promise<T | null> {
  const key = crypto.randomUUID();
  try {
    const res = await apiRequest('POST', input.path, input.body, { 'Idempotency-Key': key });
    return (await res.json()) as T;
  } catch (error) {
    const user = queryClient.getQueryData<User>(authKeys.user);
    if (!user || !isNetworkFailure(error)) throw error;
    await queueItem({ ...input, userId: user.id, key });
    toast(SAVED_FOR_LATER);
    return null;
  }
}
