import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { UPLOAD_LIMITS, type UploadPurpose } from '../../core/schemas/objects.ts';
import type { CompleteMultipartBody, MultipartCompleted } from '../../core/schemas/multipart.ts';
import type { Db } from '../db/client.ts';
import { multipartUploads } from '../db/multipart-schema.ts';
import { uploadTokens } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { MissingUploadError } from '../storage/local-store.ts';
import {
  ObjectTooLargeError,
  bareEtag,
  objectKeys,
  type ObjectStore,
  type StoredPart,
} from '../storage/object-store.ts';
import { objectUrls } from './objects.ts';
import { lockOwner, tooLarge } from './uploads.ts';

/** An upload left this long is abandoned: the sweep throws its parts away. */
export const MULTIPART_TTL_MS = 24 * 3_600_000;
/** How long a signed part URL stays valid. */
export const PART_URL_TTL_SECONDS = 15 * 60;

type Upload = typeof multipartUploads.$inferSelect;

const newId = () => randomBytes(18).toString('base64url');
const NO_SUCH_UPLOAD =
  'No such upload. It may have been cancelled or expired: upload the photo again.';
const completedAnswer = (row: Upload): MultipartCompleted => {
  const { objectURL } = objectUrls(row.objectId);
  return {
    location: objectURL,
    key: objectKeys.staging(row.objectId),
    completeURL: `/api/objects/${row.objectId}/complete`,
    objectURL,
  };
};

/**
 * POST /api/s3/multipart: starts a resumable upload of one photo. Like a single upload it has an
 * upload link row (the same object id, purpose and limit), so the joined object goes through the
 * same completion, and account deletion and the staging sweep know it.
 */
export async function createMultipartUpload(
  db: Db,
  store: ObjectStore,
  userId: string,
  input: { purpose: UploadPurpose; size?: number | undefined },
): Promise<{ uploadId: string; key: string }> {
  const maxBytes = UPLOAD_LIMITS[input.purpose];
  if (input.size !== undefined && input.size > maxBytes) throw tooLarge(maxBytes);
  const id = newId();
  const objectId = newId();
  const key = objectKeys.staging(objectId);
  const storeUploadId = await store.createMultipart(key);
  try {
    await db.transaction(async (tx) => {
      await lockOwner(tx, userId);
      // Already used: only the parts' routes write this object, never the single PUT.
      const now = new Date();
      await tx.insert(uploadTokens).values({
        id: newId(),
        userId,
        purpose: input.purpose,
        objectId,
        maxBytes,
        expiresAt: new Date(now.getTime() + MULTIPART_TTL_MS),
        usedAt: now,
      });
      await tx.insert(multipartUploads).values({
        id,
        userId,
        purpose: input.purpose,
        objectId,
        maxBytes,
        storeUploadId,
        partSecret: randomBytes(32).toString('base64url'),
      });
    });
  } catch (err) {
    await store.abortMultipart(key, storeUploadId);
    throw err;
  }
  return { uploadId: id, key };
}

/** The player's own upload named by id and key; anyone else's, or none, is 404 alike. */
async function ownUpload(db: Db, userId: string, uploadId: string, key: string): Promise<Upload> {
  const [row] = await db.select().from(multipartUploads).where(eq(multipartUploads.id, uploadId));
  if (!row || row.userId !== userId || objectKeys.staging(row.objectId) !== key) {
    throw notFound(NO_SUCH_UPLOAD);
  }
  return row;
}

const expired = (row: Upload) => row.createdAt.getTime() < Date.now() - MULTIPART_TTL_MS;

/** Parts may only be listed, signed and sent while the upload is open. */
function requireOpen(row: Upload): void {
  if (row.state === 'aborted' || expired(row)) throw notFound(NO_SUCH_UPLOAD);
  if (row.state !== 'open') throw conflict('This upload is already complete.');
}

async function storedParts(store: ObjectStore, row: Upload): Promise<StoredPart[]> {
  const parts = await store.listParts(objectKeys.staging(row.objectId), row.storeUploadId);
  if (!parts) throw notFound(NO_SUCH_UPLOAD);
  return parts;
}

/** GET /api/s3/multipart/:uploadId: the parts received so far, so a resumed upload skips them. */
export async function listMultipartParts(
  db: Db,
  store: ObjectStore,
  userId: string,
  uploadId: string,
  key: string,
) {
  const row = await ownUpload(db, userId, uploadId, key);
  requireOpen(row);
  const parts = await storedParts(store, row);
  return parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag, Size: part.size }));
}

/** Bytes the other parts already take: what is left of the limit for this one. */
const roomFor = (row: Upload, parts: StoredPart[], partNumber: number) =>
  row.maxBytes -
  parts.filter((part) => part.partNumber !== partNumber).reduce((sum, part) => sum + part.size, 0);

const partSignature = (row: Upload, partNumber: number, expires: number) =>
  createHmac('sha256', row.partSecret).update(`${row.id}.${partNumber}.${expires}`).digest();

/**
 * GET /api/s3/multipart/:uploadId/:partNumber: a URL to PUT one part to, refused (413) once the
 * other parts fill the upload's limit. With S3 it is a presigned bucket URL; on local disk our
 * own PUT route with a signature that only this upload's secret makes.
 */
export async function signMultipartPart(
  db: Db,
  store: ObjectStore,
  userId: string,
  input: { uploadId: string; key: string; partNumber: number },
): Promise<{ url: string; expires: number }> {
  const row = await ownUpload(db, userId, input.uploadId, input.key);
  requireOpen(row);
  if (roomFor(row, await storedParts(store, row), input.partNumber) <= 0) {
    throw tooLarge(row.maxBytes);
  }
  const presigned = await store.presignPart(
    input.key,
    row.storeUploadId,
    input.partNumber,
    PART_URL_TTL_SECONDS,
  );
  if (presigned) return { url: presigned, expires: PART_URL_TTL_SECONDS };
  const expires = Math.floor(Date.now() / 1000) + PART_URL_TTL_SECONDS;
  const signature = partSignature(row, input.partNumber, expires).toString('base64url');
  const query = new URLSearchParams({ key: input.key, expires: String(expires), signature });
  return {
    url: `/api/s3/multipart/${row.id}/${input.partNumber}?${query}`,
    expires: PART_URL_TTL_SECONDS,
  };
}

/**
 * PUT /api/s3/multipart/:uploadId/:partNumber (local disk only): keeps one part, checking the
 * signature, the owner and that the part fits in what the other parts leave of the limit.
 */
export async function receiveMultipartPart(
  db: Db,
  store: ObjectStore,
  userId: string,
  input: {
    uploadId: string;
    key: string;
    partNumber: number;
    expires: number;
    signature: string;
    body: Readable;
    declaredLength: number | null;
  },
): Promise<StoredPart> {
  const row = await ownUpload(db, userId, input.uploadId, input.key);
  const given = Buffer.from(input.signature, 'base64url');
  const wanted = partSignature(row, input.partNumber, input.expires);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    throw forbidden('This part link is invalid. Ask for a new one.');
  }
  if (input.expires * 1000 < Date.now()) throw forbidden('Request has expired');
  requireOpen(row);
  const room = roomFor(row, await storedParts(store, row), input.partNumber);
  if (room <= 0 || (input.declaredLength !== null && input.declaredLength > room)) {
    throw tooLarge(row.maxBytes);
  }
  try {
    return await store.putPart!(row.storeUploadId, input.partNumber, input.body, room);
  } catch (err) {
    if (err instanceof ObjectTooLargeError) throw tooLarge(row.maxBytes);
    if (err instanceof MissingUploadError) throw notFound(NO_SUCH_UPLOAD);
    throw err;
  }
}

/**
 * POST /api/s3/multipart/:uploadId/complete: joins the parts into the staged object. Claimed
 * once in the database (open → completing), so of many simultaneous completions one joins and
 * the rest answer 409 while it runs and its answer after. Every ETag must be one the store
 * received and the total must fit the limit, else nothing changes and the upload stays open.
 * The joined photo is then checked and processed at `completeURL`, as a single upload is.
 */
export async function completeMultipartUpload(
  db: Db,
  store: ObjectStore,
  userId: string,
  input: { uploadId: string; key: string; parts: CompleteMultipartBody['parts'] },
): Promise<MultipartCompleted> {
  const row = await ownUpload(db, userId, input.uploadId, input.key);
  const numbers = new Set(input.parts.map((part) => part.PartNumber));
  if (numbers.size !== input.parts.length) throw badRequest('Each part may be named only once.');
  const [claim] = await db
    .update(multipartUploads)
    .set({ state: 'completing' })
    .where(
      and(
        eq(multipartUploads.id, row.id),
        eq(multipartUploads.state, 'open'),
        gt(multipartUploads.createdAt, new Date(Date.now() - MULTIPART_TTL_MS)),
      ),
    )
    .returning();
  if (!claim) {
    // Read again: another request may have claimed it since the first read.
    const now = await ownUpload(db, userId, input.uploadId, input.key);
    if (now.state === 'completed') return completedAnswer(now);
    if (now.state === 'completing') throw conflict('This upload is already being completed.');
    throw notFound(NO_SUCH_UPLOAD);
  }
  const reopen = () =>
    db
      .update(multipartUploads)
      .set({ state: 'open' })
      .where(and(eq(multipartUploads.id, row.id), eq(multipartUploads.state, 'completing')));
  try {
    const stored = new Map((await storedParts(store, row)).map((part) => [part.partNumber, part]));
    const chosen = [...input.parts]
      .sort((a, b) => a.PartNumber - b.PartNumber)
      .map((part) => {
        const kept = stored.get(part.PartNumber);
        if (!kept || kept.etag !== bareEtag(part.ETag)) {
          throw badRequest(`Part ${part.PartNumber} was not received with that ETag.`);
        }
        return kept;
      });
    if (chosen.reduce((sum, part) => sum + part.size, 0) > row.maxBytes) {
      throw tooLarge(row.maxBytes);
    }
    await store.completeMultipart(input.key, row.storeUploadId, chosen).catch((err: unknown) => {
      // The bucket's own refusals of the parts (too small, out of order) are the client's.
      if (
        err instanceof Error &&
        /^(EntityTooSmall|InvalidPart|InvalidPartOrder)$/.test(err.name)
      ) {
        throw badRequest(`The parts cannot be joined: ${err.message}`);
      }
      throw err;
    });
  } catch (err) {
    await reopen();
    throw err;
  }
  await db
    .update(multipartUploads)
    .set({ state: 'completed', finishedAt: new Date() })
    .where(eq(multipartUploads.id, row.id));
  return completedAnswer(row);
}

/**
 * DELETE /api/s3/multipart/:uploadId: throws the parts away. Asking again is fine (204); a
 * completed upload cannot be aborted (409).
 */
export async function abortMultipartUpload(
  db: Db,
  store: ObjectStore,
  userId: string,
  uploadId: string,
  key: string,
): Promise<void> {
  const row = await ownUpload(db, userId, uploadId, key);
  const [claim] = await db
    .update(multipartUploads)
    .set({ state: 'aborted', finishedAt: new Date() })
    .where(and(eq(multipartUploads.id, row.id), eq(multipartUploads.state, 'open')))
    .returning();
  if (!claim) {
    if ((await ownUpload(db, userId, uploadId, key)).state === 'aborted') return;
    throw conflict('This upload is already complete.');
  }
  await store.abortMultipart(key, row.storeUploadId);
  await db.delete(uploadTokens).where(eq(uploadTokens.objectId, row.objectId));
}

/**
 * Aborts uploads left longer than MULTIPART_TTL_MS, and those of deleted accounts, in the store,
 * then forgets them (finished ones too, once their day is over). Returns how many it aborted.
 */
export async function sweepAbandonedMultipart(db: Db, store: ObjectStore): Promise<number> {
  const cutoff = new Date(Date.now() - MULTIPART_TTL_MS);
  const stale = await db
    .select()
    .from(multipartUploads)
    .where(or(lt(multipartUploads.createdAt, cutoff), isNull(multipartUploads.userId)))
    .limit(500);
  const unfinished = stale.filter((row) => row.state === 'open' || row.state === 'completing');
  for (const row of unfinished) {
    await store.abortMultipart(objectKeys.staging(row.objectId), row.storeUploadId);
  }
  if (unfinished.length > 0) {
    const ids = unfinished.map((row) => row.objectId);
    await db.delete(uploadTokens).where(inArray(uploadTokens.objectId, ids));
  }
  if (stale.length > 0) {
    const ids = stale.map((row) => row.id);
    await db.delete(multipartUploads).where(inArray(multipartUploads.id, ids));
  }
  return unfinished.length;
}
