import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { formatAddress } from '../../core/geo.ts';
import { REWARDS } from '../../core/rules.ts';
import type { EmojiPin } from '../../core/schemas/common.ts';
import type {
  CreateDiscoverySchema,
  CreateGraffitiSchema,
  CreatedDiscovery,
  Discovery,
  NearbyDiscovery,
} from '../../core/schemas/discoveries.ts';
import type { z } from 'zod';
import type { SessionUser } from '../auth/sessions.ts';
import { isUniqueViolation, type Db, type Tx } from '../db/client.ts';
import { discoveries, users } from '../db/schema.ts';
import { creditOwnPiece } from './artist-credits.ts';
import { verifiedArtistOf } from './verified-artists.ts';
import { photoOf, recordFound } from './artwork-logs.ts';
import { shownUsername } from './hidden-content.ts';
import { notify } from './inbox.ts';
import { recordMissionProgress } from './missions-progress.ts';
import { NEARBY_LIMIT, distanceKmSql, withinRadius, type Centre } from './nearby.ts';
import { conflict } from '../errors.ts';
import { ALREADY_DOCUMENTED, assertNotDocumented, assertOwnedObject } from './objects.ts';
import { entitlementsOf } from './users.ts';
import { discoveryShownTo, shownIso } from './privacy.ts';

type DiscoveryRow = typeof discoveries.$inferSelect;
type NewDiscovery = Omit<
  typeof discoveries.$inferInsert,
  'id' | 'userId' | 'address' | 'tokensAwarded' | 'metadata' | 'createdAt' | 'artworkId'
> & {
  emojiPin: EmojiPin;
  submissionType: 'fresh_artwork' | 'discovery';
  artworkId: string | undefined;
  /** A verified artist's own new piece: credited to their artist with the find. */
  creditArtistId?: string | null;
};

export function toDiscoveryDto(row: DiscoveryRow): Discovery {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    emojiPin: row.emojiPin as EmojiPin,
    userRole: row.userRole,
    isFreshArt: row.isFreshArt,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    tokensAwarded: row.tokensAwarded,
    artistName: row.artistName,
    artType: row.artType,
    metadata: (row.metadata as Discovery['metadata']) ?? null,
    artworkId: row.artworkId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores one discovery, the found log of its artwork, and pays for it, all or nothing: the
 * record, the player's counters (atomic increments, so concurrent posts never lose an update),
 * the first finder's bonus and any mission it completes. The award is the server's (see
 * recordFound): nothing the client sent is trusted.
 * A photo must be the player's own and goes on one discovery only: near-copies are checked
 * inside the transaction, and discoveries_image_url_idx refuses the same photo twice, so
 * simultaneous posts of one photo cannot all be paid.
 */
async function record(
  db: Db,
  user: SessionUser,
  newPieceReward: number,
  input: NewDiscovery,
): Promise<CreatedDiscovery> {
  const { submissionType, artworkId, creditArtistId, ...fields } = input;
  const photo = input.imageUrl ? await assertOwnedObject(db, user.id, input.imageUrl) : null;
  const multiplier = entitlementsOf(user).tokenMultiplier;
  const now = new Date();
  return db.transaction(async (tx) => {
    if (photo) await assertNotDocumented(tx, photo);
    const found = await recordFound(tx, {
      userId: user.id,
      artworkId: artworkId ?? null,
      title: input.name,
      description: input.description ?? '',
      artistName: input.artistName ?? null,
      emojiPin: input.emojiPin,
      latitude: input.latitude,
      longitude: input.longitude,
      photo: photo && photoOf(input.imageUrl!, photo),
      newPieceReward,
      multiplier,
      at: now,
    });
    const [row] = await tx
      .insert(discoveries)
      .values({
        ...fields,
        id: randomUUID(),
        userId: user.id,
        address: formatAddress(input.latitude, input.longitude),
        tokensAwarded: found.award,
        artworkId: found.artworkId,
        metadata: {
          timestamp: now.toISOString(),
          coordinates: { latitude: input.latitude, longitude: input.longitude },
          submissionType,
          emojiType: input.emojiPin,
        },
        createdAt: now,
      })
      .returning()
      .catch((err: unknown) => {
        throw isUniqueViolation(err, 'discoveries_image_url_idx')
          ? conflict(ALREADY_DOCUMENTED)
          : err;
      });
    if (!row) throw new Error('discovery insert returned no row');
    await found.finish(row.id);
    if (creditArtistId) await creditOwnPiece(tx, found.artworkId, creditArtistId, user.id);
    const held = {
      pendingReview: found.held === 'pending',
      awaitingPhoto: found.held === 'awaiting_photo',
    };
    const about = { title: row.name, artworkId: row.artworkId, discoveryId: row.id };
    if (held.pendingReview) await notify(tx, user.id, { kind: 'find_held', ...about });
    if (!found.counts) return { ...toDiscoveryDto(row), completedMissions: [], ...held };
    await notify(tx, user.id, { kind: 'find_paid', tokens: found.award, ...about });
    await tx
      .update(users)
      .set({
        tokens: sql`${users.tokens} + ${found.award}`,
        discoveries: sql`${users.discoveries} + 1`,
      })
      .where(eq(users.id, user.id));
    const completedMissions = await countedDiscovery(tx, row, multiplier);
    return { ...toDiscoveryDto(row), completedMissions, ...held };
  });
}

/** The missions a discovery completes once it counts (at its creation or when released). */
export async function countedDiscovery(tx: Tx, row: DiscoveryRow, multiplier: number) {
  const completed = await recordMissionProgress(tx, {
    userId: row.userId,
    discoveryId: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    emojiPin: row.emojiPin,
    multiplier,
  });
  for (const mission of completed) {
    await notify(tx, row.userId, {
      kind: 'mission_completed',
      title: mission.title,
      tokens: mission.rewardTokens,
      discoveryId: row.id,
    });
  }
  return completed;
}

/**
 * POST /api/discoveries. Fresh-art proof only means something for an artist. The artist's amount
 * is paid only for a verified artist's own new piece, which is credited to them (decision 049);
 * anyone else choosing "artist" is paid as a photographer.
 */
export async function createDiscovery(
  db: Db,
  user: SessionUser,
  body: z.output<typeof CreateDiscoverySchema>,
): Promise<CreatedDiscovery> {
  const isFreshArt = body.userRole === 'artist' && body.isFreshArt;
  const creditArtistId =
    body.userRole === 'artist' && !body.artworkId ? await verifiedArtistOf(db, user.id) : null;
  return record(db, user, REWARDS[creditArtistId ? 'artist' : 'photographer'], {
    kind: 'discovery',
    name: body.name,
    description: body.description,
    imageUrl: body.imageUrl ?? null,
    emojiPin: body.emojiPin,
    userRole: body.userRole,
    isFreshArt,
    latitude: body.latitude,
    longitude: body.longitude,
    submissionType: isFreshArt ? 'fresh_artwork' : 'discovery',
    artworkId: body.artworkId,
    creditArtistId,
  });
}

/** POST /api/discoveries/graffiti: a photo is required; pinned as a Location discovery. */
export async function createGraffiti(
  db: Db,
  user: SessionUser,
  body: z.output<typeof CreateGraffitiSchema>,
): Promise<CreatedDiscovery> {
  return record(db, user, REWARDS.graffiti, {
    kind: 'graffiti',
    name: body.name,
    description: body.description,
    imageUrl: body.imageUrl,
    emojiPin: 'location',
    userRole: 'photographer',
    isFreshArt: false,
    latitude: body.latitude,
    longitude: body.longitude,
    artistName: body.artistName || 'Unknown',
    artType: 'graffiti',
    submissionType: 'discovery',
    artworkId: body.artworkId,
  });
}

/** The player's own discoveries, newest first (served by discoveries_user_created_idx). */
export async function listUserDiscoveries(
  db: Db,
  userId: string,
  limit: number,
): Promise<Discovery[]> {
  const rows = await db
    .select()
    .from(discoveries)
    .where(eq(discoveries.userId, userId))
    .orderBy(desc(discoveries.createdAt), desc(discoveries.id))
    .limit(limit);
  return rows.map(toDiscoveryDto);
}

/** Every player's discoveries within radiusKm, closest first, with who found them. */
export async function nearbyDiscoveries(
  db: Db,
  centre: Centre,
  radiusKm: number,
  viewerId: string,
): Promise<NearbyDiscovery[]> {
  const distance = distanceKmSql(discoveries.latitude, discoveries.longitude, centre);
  const rows = await db
    .select({
      id: discoveries.id,
      name: discoveries.name,
      description: discoveries.description,
      imageUrl: discoveries.imageUrl,
      emojiPin: discoveries.emojiPin,
      kind: discoveries.kind,
      latitude: discoveries.latitude,
      longitude: discoveries.longitude,
      username: shownUsername(),
      createdAt: discoveries.createdAt,
      distanceKm: distance,
    })
    .from(discoveries)
    .leftJoin(users, eq(users.id, discoveries.userId))
    .where(
      and(
        withinRadius(discoveries.latitude, discoveries.longitude, centre, radiusKm),
        isNull(discoveries.hiddenAt),
        discoveryShownTo(viewerId),
      ),
    )
    .orderBy(distance, discoveries.id)
    .limit(NEARBY_LIMIT);
  return rows.map((r) => ({
    ...r,
    emojiPin: r.emojiPin as EmojiPin,
    createdAt: shownIso(r.createdAt),
  }));
}
