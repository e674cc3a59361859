import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { UPLOAD_LIMITS, type UploadPurpose } from '../../core/schemas/objects.ts';
import type { Db } from '../db/client.ts';
import { objects, uploadTokens } from '../db/schema.ts';
import { HttpError, badRequest, forbidden } from '../errors.ts';
import { ObjectTooLargeError, type ObjectStore } from '../storage/object-store.ts';
import { sniffImageType } from '../storage/sniff.ts';

export const UPLOAD_URL_TTL_MS = 15 * 60_000;
const newId = () => randomBytes(18).toString('base64url');

export async function createUploadUrl(db: Db, userId: string, purpose: UploadPurpose) {
  const id = newId();
  const objectId = newId();
  const maxBytes = UPLOAD_LIMITS[purpose];
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
  await db.insert(uploadTokens).values({ id, userId, purpose, objectId, maxBytes, expiresAt });
  return {
    uploadURL: `/api/objects/uploads/${id}`,
    objectURL: `/objects/${objectId}`,
    maxBytes,
    expiresAt: expiresAt.toISOString(),
  };
}

const INVALID_LINK = 'This upload link is invalid, expired or already used. Please try again.';

/**
 * Receives the bytes of one upload. The link is claimed atomically (single use, bound to the
 * player, unexpired); if the bytes are refused the claim is released so a retry can reuse it.
 */
export async function receiveUpload(
  db: Db,
  store: ObjectStore,
  input: { token: string; userId: string; body: Readable; declaredLength: number | null },
): Promise<{ objectURL: string; size: number; contentType: string }> {
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
  if (!claim) throw forbidden(INVALID_LINK);
  const release = () =>
    db.update(uploadTokens).set({ usedAt: null }).where(eq(uploadTokens.id, claim.id));

  if (input.declaredLength !== null && input.declaredLength > claim.maxBytes) {
    await release();
    throw new HttpError(413, new ObjectTooLargeError(claim.maxBytes).message);
  }
  let stored: { size: number; head: Buffer };
  try {
    stored = await store.put(claim.objectId, input.body, claim.maxBytes);
  } catch (err) {
    await release();
    if (err instanceof ObjectTooLargeError) throw new HttpError(413, err.message);
    throw err;
  }
  const contentType = sniffImageType(stored.head);
  if (!contentType || stored.size === 0) {
    await store.delete(claim.objectId);
    await release();
    throw new HttpError(415, 'Only JPEG, PNG, WebP, GIF, AVIF or HEIC photos can be uploaded.');
  }
  await db.insert(objects).values({
    id: claim.objectId,
    ownerId: input.userId,
    purpose: claim.purpose,
    contentType,
    size: stored.size,
  });
  return { objectURL: `/objects/${claim.objectId}`, size: stored.size, contentType };
}

export async function findObject(db: Db, id: string) {
  const [row] = await db.select().from(objects).where(eq(objects.id, id)).limit(1);
  return row ?? null;
}

/**
 * A record may only point at a photo in our store that this player uploaded.
 * `field` names the body field in the 400.
 */
export async function assertOwnedObject(
  db: Db,
  userId: string,
  url: string,
  field = 'imageUrl',
): Promise<void> {
  const id = url.startsWith('/objects/') ? url.slice('/objects/'.length) : '';
  const row = id ? await findObject(db, id) : null;
  if (!row || row.ownerId !== userId) {
    throw badRequest(`Invalid body field '${field}': must be a photo you uploaded.`);
  }
}
