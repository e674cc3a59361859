import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Artwork, CreateArtwork } from '../../core/schemas/profile.ts';
import type { User } from '../../core/schemas/user.ts';
import type { Db } from '../db/client.ts';
import { profileArtworks, users } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { assertOwnedObject } from './objects.ts';
import { getSessionUserById, toUserDto } from './users.ts';

/**
 * The picture must be a photo this player uploaded as a profile picture (purpose 'profile'),
 * so the 5 MB profile-picture limit (SPEC §5) really applies to every profile picture.
 */
export async function setProfilePicture(db: Db, userId: string, imageUrl: string): Promise<User> {
  const object = await assertOwnedObject(db, userId, imageUrl);
  if (object.purpose !== 'profile') {
    throw badRequest(
      `Invalid body field 'imageUrl': must be a photo uploaded as a profile picture.`,
    );
  }
  await db.update(users).set({ profileImageUrl: imageUrl }).where(eq(users.id, userId));
  const user = await getSessionUserById(db, userId);
  if (!user) throw notFound('Player not found');
  return toUserDto(user);
}

type ArtworkRow = typeof profileArtworks.$inferSelect;

const toArtwork = ({
  userId: _userId,
  createdAt,
  hiddenAt: _hiddenAt,
  ...row
}: ArtworkRow): Artwork => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/** The player's own gallery, newest first. */
export async function listMyArtworks(db: Db, userId: string): Promise<Artwork[]> {
  const rows = await db
    .select()
    .from(profileArtworks)
    .where(eq(profileArtworks.userId, userId))
    .orderBy(desc(profileArtworks.createdAt), desc(profileArtworks.id));
  return rows.map(toArtwork);
}

/** Adds a piece to the player's gallery; the photo must be one of their own uploads. */
export async function createArtwork(
  db: Db,
  userId: string,
  input: CreateArtwork,
): Promise<Artwork> {
  await assertOwnedObject(db, userId, input.imageUrl);
  const [row] = await db
    .insert(profileArtworks)
    .values({
      id: randomUUID(),
      userId,
      imageUrl: input.imageUrl,
      title: input.title,
      description: input.description,
      artType: input.artType,
    })
    .returning();
  return toArtwork(row!);
}

/**
 * Galleries are public to signed-in players. A view by anyone but the owner counts once per
 * request (atomically, in the same statement that reads the row); the owner's own views do not.
 */
export async function viewArtwork(db: Db, viewerId: string, id: string): Promise<Artwork> {
  const [counted] = await db
    .update(profileArtworks)
    .set({ views: sql`${profileArtworks.views} + 1` })
    .where(
      and(
        eq(profileArtworks.id, id),
        ne(profileArtworks.userId, viewerId),
        isNull(profileArtworks.hiddenAt),
      ),
    )
    .returning();
  if (counted) return toArtwork(counted);
  // The owner still sees a piece hidden after reports.
  const [own] = await db
    .select()
    .from(profileArtworks)
    .where(and(eq(profileArtworks.id, id), eq(profileArtworks.userId, viewerId)))
    .limit(1);
  if (!own) throw notFound('Artwork not found');
  return toArtwork(own);
}
