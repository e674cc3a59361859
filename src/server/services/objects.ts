import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../db/client.ts';
import { objects } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';

export const ALREADY_DOCUMENTED = 'This photo has already been documented';
/** Differing bits between two photo hashes still counted as the same picture. */
export const NEAR_COPY_BITS = 5;

const OBJECT_PATH = '/objects/';

export const objectUrls = (id: string) => ({
  objectURL: `${OBJECT_PATH}${id}`,
  thumbnailURL: `${OBJECT_PATH}${id}/thumbnail`,
});

export async function findObject(db: Db, id: string) {
  const [row] = await db.select().from(objects).where(eq(objects.id, id)).limit(1);
  return row ?? null;
}

/**
 * A record may only point at a photo in our store that this player uploaded (no external
 * URLs). `field` names the body field in the 400. Returns the photo's row.
 */
export async function assertOwnedObject(db: Db, userId: string, url: string, field = 'imageUrl') {
  const id = url.startsWith(OBJECT_PATH) ? url.slice(OBJECT_PATH.length) : '';
  const row = /^[A-Za-z0-9_-]{10,64}$/.test(id) ? await findObject(db, id) : null;
  if (!row || row.ownerId !== userId) {
    throw badRequest(`Invalid body field '${field}': must be a photo you uploaded.`);
  }
  return row;
}

/** The id of a photo already on a discovery whose hash is within NEAR_COPY_BITS of `hash`. */
export async function findDocumentedCopy(db: Db | Tx, hash: bigint): Promise<string | null> {
  const result = await db.execute(sql`
    select o.id from objects o
    join discoveries d on d.image_url = ${OBJECT_PATH} || o.id
    where o.photo_hash is not null
      and bit_count((o.photo_hash # ${hash.toString()}::bigint)::bit(64)) <= ${NEAR_COPY_BITS}
    limit 1`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/**
 * Any fixed number, the same in every app process: the transaction-scoped advisory lock taken
 * by every transaction that puts a photo on a discovery.
 */
const DOCUMENTING_LOCK = 7_405_200_101;

/**
 * Inside the transaction that puts `photo` on a discovery: 409 when it (or a near-copy of it)
 * is already on one. A near-copy is a different object, so no unique index can see it; the
 * advisory lock makes documenting transactions take turns, and the check runs after it is
 * granted, so it sees every record committed before. (The same photo twice is also refused by
 * discoveries_image_url_idx, see `record` in discoveries.ts.)
 */
export async function assertNotDocumented(tx: Tx, photo: { photoHash: bigint | null }) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENTING_LOCK}::bigint)`);
  if (photo.photoHash !== null && (await findDocumentedCopy(tx, photo.photoHash))) {
    throw conflict(ALREADY_DOCUMENTED);
  }
}
