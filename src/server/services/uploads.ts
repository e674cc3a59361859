import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { UPLOAD_LIMITS, type UploadPurpose } from '../../core/schemas/objects.ts';
import type { CompletedUpload, UploadTicket } from '../../core/schemas/objects.ts';
import type { Db, Tx } from '../db/client.ts';
import { objects, uploadTokens, users } from '../db/schema.ts';
import { HttpError, badRequest, conflict, forbidden, unauthorized } from '../errors.ts';
import { processPhoto } from '../images/process.ts';
import { ObjectTooLargeError, objectKeys, type ObjectStore } from '../storage/object-store.ts';
import { ALREADY_DOCUMENTED, findDocumentedCopy, objectUrls } from './objects.ts';

export const UPLOAD_URL_TTL_MS = 15 * 60_000;
/** Bytes that finished arriving just as the link expired can still be processed for a while. */
export const COMPLETE_GRACE_MS = 15 * 60_000;
/** Photos that earn tokens; the same picture (or a near-copy) earns them once. */
const DOCUMENTING: readonly string[] = ['discovery', 'graffiti'];

const newId = () => randomBytes(18).toString('base64url');
const INVALID_LINK = 'This upload link is invalid, expired or already used. Please try again.';
/** 401, as every later request of the deleted account's session gets: the session went with it. */
const accountGone = () => unauthorized('This account has been deleted, so the photo was not kept.');
const SWEEP_BATCH = 500;
export const tooLarge = (maxBytes: number) =>
  new HttpError(413, new ObjectTooLargeError(maxBytes).message);

/**
 * POST /api/objects/upload: a single-use link, bound to the player and a purpose (which sets the
 * byte limit), valid for 15 minutes. With S3 it is a presigned PUT straight to the bucket.
 */
export async function createUploadUrl(
  db: Db,
  store: ObjectStore,
  userId: string,
  purpose: UploadPurpose,
): Promise<UploadTicket> {
  const id = newId();
  const objectId = newId();
  const maxBytes = UPLOAD_LIMITS[purpose];
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
  await db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    await tx.insert(uploadTokens).values({ id, userId, purpose, objectId, maxBytes, expiresAt });
  });
  const presigned = await store.presignPut(objectKeys.staging(objectId), UPLOAD_URL_TTL_MS / 1000);
  return {
    method: 'PUT',
    uploadURL: presigned ?? `/api/objects/uploads/${id}`,
    completeURL: `/api/objects/${objectId}/complete`,
    objectURL: objectUrls(objectId).objectURL,
    maxBytes,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * PUT /api/objects/uploads/:token (local storage only): streams the bytes to staging, stopping
 * at the purpose's limit (413). The link is claimed atomically; if the bytes do not all arrive
 * the claim is released, so the uploader can retry the same link.
 */
export async function receiveUpload(
  db: Db,
  store: ObjectStore,
  input: { token: string; userId: string; body: Readable; declaredLength: number | null },
): Promise<{ size: number }> {
  const [claim] = await db
    .update(uploadTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(uploadTokens.id, input.token),
        eq(uploadTokens.userId, input.userId),
        isNull(uploadTokens.usedAt),
        gt(uploadTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!claim) throw await refusedLink(db, input.userId);
  const release = () =>
    db.update(uploadTokens).set({ usedAt: null }).where(eq(uploadTokens.id, claim.id));
  if (input.declaredLength !== null && input.declaredLength > claim.maxBytes) {
    await release();
    throw tooLarge(claim.maxBytes);
  }
  const staging = objectKeys.staging(claim.objectId);
  let received: { size: number };
  try {
    received = await store.put(staging, input.body, claim.maxBytes);
  } catch (err) {
    await release();
    if (err instanceof ObjectTooLargeError) throw tooLarge(claim.maxBytes);
    throw err;
  }
  // Checked once the bytes are in place: a deletion this read cannot see yet removes them after
  // its commit; one it can see has already removed the link's files, so they go here.
  if (!(await ownerExists(db, input.userId))) {
    await store.delete(staging);
    throw accountGone();
  }
  return received;
}

/**
 * POST /api/objects/:id/complete: checks the uploaded bytes by content, re-encodes them without
 * metadata and records the photo. On any refusal (413, 415, 409) the raw upload is deleted and
 * nothing is kept. The photo's GPS position comes back as a suggestion and is not stored.
 */
export async function completeUpload(
  db: Db,
  store: ObjectStore,
  userId: string,
  objectId: string,
): Promise<CompletedUpload> {
  const [claim] = await db
    .update(uploadTokens)
    .set({ completedAt: new Date() })
    .where(
      and(
        eq(uploadTokens.objectId, objectId),
        eq(uploadTokens.userId, userId),
        isNull(uploadTokens.completedAt),
        gt(uploadTokens.expiresAt, new Date(Date.now() - COMPLETE_GRACE_MS)),
      ),
    )
    .returning();
  if (!claim) throw await refusedLink(db, userId);
  const staging = objectKeys.staging(objectId);
  const discard = () => store.delete(staging);

  let bytes: Buffer | null;
  try {
    bytes = await store.read(staging, claim.maxBytes);
  } catch (err) {
    if (!(err instanceof ObjectTooLargeError)) throw err;
    await discard();
    throw tooLarge(claim.maxBytes);
  }
  if (!bytes) {
    // The account's deletion may have removed them since the claim.
    if (!(await ownerExists(db, userId))) throw accountGone();
    await db.update(uploadTokens).set({ completedAt: null }).where(eq(uploadTokens.id, claim.id));
    throw badRequest('No photo has arrived for this upload yet. Please upload it again.');
  }

  const photo = await processPhoto(bytes).catch(async (err: unknown) => {
    await discard();
    throw err;
  });
  if (DOCUMENTING.includes(claim.purpose) && (await findDocumentedCopy(db, photo.hash))) {
    await discard();
    throw conflict(ALREADY_DOCUMENTED);
  }

  const keys = [objectKeys.display(objectId), objectKeys.thumb(objectId)];
  try {
    await store.put(keys[0]!, photo.display.data);
    await store.put(keys[1]!, photo.thumb);
    await db.transaction(async (tx) => {
      await lockOwner(tx, userId);
      await tx.insert(objects).values({
        id: objectId,
        ownerId: userId,
        purpose: claim.purpose,
        contentType: 'image/webp',
        size: photo.display.data.length,
        width: photo.display.width,
        height: photo.display.height,
        thumbSize: photo.thumb.length,
        photoHash: photo.hash,
        perceptualHash: photo.phash,
        gpsLatitude: photo.location?.latitude ?? null,
        gpsLongitude: photo.location?.longitude ?? null,
      });
    });
  } catch (err) {
    await Promise.all(keys.map((key) => store.delete(key)));
    throw err;
  } finally {
    await discard();
  }
  return {
    ...objectUrls(objectId),
    width: photo.display.width,
    height: photo.display.height,
    location: photo.location,
  };
}

/**
 * Holds the uploader's account row until the transaction ends. Account deletion locks it for
 * update before it lists the account's photos and links, so either the deletion waits and then
 * sees what this transaction writes, or this one waits and finds the account gone (401).
 * `key share` is the lock a foreign key takes: it does not wait for other updates of the row.
 */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('key share');
  if (!owner) throw accountGone();
}

async function ownerExists(db: Db, userId: string): Promise<boolean> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return owner !== undefined;
}

/** A link that could not be claimed: 401 when it went with its deleted account, else 403. */
async function refusedLink(db: Db, userId: string): Promise<HttpError> {
  return (await ownerExists(db, userId)) ? forbidden(INVALID_LINK) : accountGone();
}

/**
 * Removes staged uploads whose link is gone, as it is once its account is deleted: a presigned
 * PUT cannot be revoked, so its bytes may land in the bucket after the deletion removed the
 * link's files. A staged upload only exists once its link is committed, so none is removed
 * from under a live link. Returns how many were removed.
 */
export async function sweepOrphanedUploads(db: Db, store: ObjectStore): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const live = await db
      .select({ id: uploadTokens.objectId })
      .from(uploadTokens)
      .where(inArray(uploadTokens.objectId, batch));
    const kept = new Set(live.map((row) => row.id));
    for (const id of batch.filter((id) => !kept.has(id))) {
      await store.delete(objectKeys.staging(id));
      removed++;
    }
    batch = [];
  };
  for await (const id of store.list('staging')) {
    batch.push(id);
    if (batch.length >= SWEEP_BATCH) await sweep();
  }
  if (batch.length > 0) await sweep();
  return removed;
}
