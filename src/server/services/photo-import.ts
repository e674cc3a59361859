import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  UPLOAD_LIMITS,
  type CompletedUpload,
  type UploadPurpose,
} from '../../core/schemas/objects.ts';
import type { PhotoImportRequest } from '../../core/schemas/photo-import.ts';
import type { Db } from '../db/client.ts';
import { uploadTokens, users } from '../db/schema.ts';
import { HttpError, badRequest, unauthorized } from '../errors.ts';
import { PhotoLinkError, fetchPhoto, type PhotoLinkRules } from '../images/fetch-photo.ts';
import { ObjectTooLargeError, objectKeys, type ObjectStore } from '../storage/object-store.ts';
import { UPLOAD_URL_TTL_MS, completeUpload } from './uploads.ts';

/** The whole fetch, headers and body: a slow host cannot hold a request for longer. */
export const PHOTO_IMPORT_TIMEOUT_MS = 30_000;

const newId = () => randomBytes(18).toString('base64url');

/**
 * POST /api/objects/import: the server fetches the photo a player links to and it becomes an
 * upload like any other. The bytes go to staging under a link of the player's, already used,
 * and the same completion as a direct upload checks, processes and records them (type, size,
 * hidden content, EXIF location, duplicates). A link that cannot give a photo keeps nothing.
 */
export async function importPhoto(
  db: Db,
  store: ObjectStore,
  userId: string,
  request: PhotoImportRequest,
  allowedOrigins: readonly string[],
): Promise<CompletedUpload> {
  return importFetched(db, store, userId, request.purpose, request.url, { allowedOrigins });
}

/**
 * Fetches `link` under `rules` (a provider's adds its hosts and token) and keeps it as an
 * upload of the player's: the one way any photo from elsewhere comes in.
 */
export async function importFetched(
  db: Db,
  store: ObjectStore,
  userId: string,
  purpose: UploadPurpose,
  link: string,
  rules: Omit<PhotoLinkRules, 'maxBytes' | 'signal'>,
): Promise<CompletedUpload> {
  const maxBytes = UPLOAD_LIMITS[purpose];
  const signal = AbortSignal.timeout(PHOTO_IMPORT_TIMEOUT_MS);
  let remote: Awaited<ReturnType<typeof fetchPhoto>>;
  try {
    remote = await fetchPhoto(link, { ...rules, maxBytes, signal });
  } catch (err) {
    if (err instanceof PhotoLinkError) throw new HttpError(err.statusCode, err.message);
    throw err;
  }

  const objectId = newId();
  const linkId = newId();
  try {
    await db.transaction(async (tx) => {
      // As a direct upload's link: held against the account's deletion until it is written.
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('key share');
      if (!owner) throw unauthorized('This account has been deleted, so the photo was not kept.');
      await tx.insert(uploadTokens).values({
        id: linkId,
        userId,
        purpose,
        objectId,
        maxBytes,
        expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_MS),
        usedAt: new Date(),
      });
    });
    await store.put(objectKeys.staging(objectId), remote.body, maxBytes);
  } catch (err) {
    remote.body.destroy();
    await db.delete(uploadTokens).where(eq(uploadTokens.id, linkId));
    if (err instanceof HttpError) throw err;
    if (err instanceof ObjectTooLargeError) throw new HttpError(413, err.message);
    // The host stopped sending, or took longer than the import may.
    throw badRequest('The photo at that link stopped arriving. Please try again.');
  }
  return completeUpload(db, store, userId, objectId);
}
