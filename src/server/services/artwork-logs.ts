import { randomUUID } from 'node:crypto';
import { and, countDistinct, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { isProActive } from '../../core/entitlements.ts';
import { distanceKm } from '../../core/geo.ts';
import { ARTWORK_RULES, PRO_MULTIPLIER } from '../../core/rules.ts';
import type { LogKind } from '../../core/schemas/artworks.ts';
import { isUniqueViolation, type Tx } from '../db/client.ts';
import { artworkLogs, artworks, users } from '../db/schema.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { countedLog } from './counted-log.ts';
import { fairPlayFlag } from './fair-play.ts';
import { notify } from './inbox.ts';
import { tellFindersGone } from './inbox-events.ts';
import { insideHome } from './privacy.ts';

type ArtworkRow = typeof artworks.$inferSelect;
export type Photo = {
  imageUrl: string;
  perceptualHash: bigint | null;
  gps: { latitude: number; longitude: number } | null;
};

/** A stored upload as a log's photo: its hash and where its camera says it was taken. */
export function photoOf(
  imageUrl: string,
  object: {
    perceptualHash: bigint | null;
    gpsLatitude: number | null;
    gpsLongitude: number | null;
  },
): Photo {
  const { gpsLatitude: latitude, gpsLongitude: longitude } = object;
  return {
    imageUrl,
    perceptualHash: object.perceptualHash,
    gps: latitude !== null && longitude !== null ? { latitude, longitude } : null,
  };
}

/** Why a log waits: for a moderator (fair play) or for its photo (the evidence that pays). */
export type Held = 'pending' | 'awaiting_photo' | null;

export const ALREADY_LOGGED_TODAY = 'You already logged this artwork today. Come back tomorrow.';
const TOO_FAR = `You need to be within ${ARTWORK_RULES.logRadiusM} m of the artwork to log it.`;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The artwork, locked until the transaction ends: its logs and status change one at a time. */
export async function lockArtwork(tx: Tx, id: string): Promise<ArtworkRow> {
  const [row] = await tx.select().from(artworks).where(eq(artworks.id, id)).for('update');
  if (!row) throw notFound('Artwork not found');
  return row;
}

function assertNear(artwork: ArtworkRow, at: { latitude: number; longitude: number }) {
  const km = distanceKm(artwork.latitude, artwork.longitude, at.latitude, at.longitude);
  if (km * 1000 > ARTWORK_RULES.logRadiusM) throw badRequest(TOO_FAR);
}

async function insertLog(tx: Tx, values: typeof artworkLogs.$inferInsert) {
  const [row] = await tx
    .insert(artworkLogs)
    .values(values)
    .returning()
    .catch((err: unknown) => {
      throw isUniqueViolation(err, 'artwork_logs_daily_idx') ? conflict(ALREADY_LOGGED_TODAY) : err;
    });
  if (!row) throw new Error('log insert returned no row');
  return row;
}

/** The token multiplier of a player other than the one asking (the first finder's bonus). */
export async function multiplierOf(tx: Tx, userId: string, multiplier: number): Promise<number> {
  const [sub] = await tx
    .select({ status: subscriptions.status, periodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return isProActive(sub?.status, sub?.periodEnd) ? multiplier : 1;
}

export interface FoundInput {
  userId: string;
  /** The artwork logged, or null for a new piece (this log creates it). */
  artworkId: string | null;
  title: string;
  description: string;
  artistName: string | null;
  emojiPin: string;
  latitude: number;
  longitude: number;
  photo: Photo | null;
  /** SPEC's reward for a new piece, before the Pro multiplier. */
  newPieceReward: number;
  multiplier: number;
  at: Date;
}

export interface FoundOutcome {
  artworkId: string;
  /** What the player earns (0 when held, or when they found this artwork before). */
  award: number;
  /** The log counts as one of the player's discoveries (a first find of this artwork). */
  counts: boolean;
  held: Held;
  /** Completes the log once the discovery row exists. */
  finish(discoveryId: string): Promise<void>;
}

/**
 * A found log, inside the transaction that stores its discovery. A new piece creates its artwork
 * and pays SPEC's reward; a player's first find of someone else's artwork pays less, and its
 * first finder earns a bonus. Finding it again on another day only refreshes "last seen".
 * Only a photo is evidence: a find without one is kept but pays nothing and changes nobody's
 * counters until the player adds one (discovery-photo.ts); a flagged log waits for review.
 */
export async function recordFound(tx: Tx, input: FoundInput): Promise<FoundOutcome> {
  const flag = await fairPlayFlag(tx, {
    userId: input.userId,
    latitude: input.latitude,
    longitude: input.longitude,
    at: input.at,
    photoGps: input.photo?.gps ?? null,
  });
  const existing = input.artworkId ? await lockArtwork(tx, input.artworkId) : null;
  if (existing) assertNear(existing, input);

  const held: Held = flag ? 'pending' : input.photo ? null : 'awaiting_photo';
  // Only counted finds: one still held may be released later, and then pays nothing (log-review).
  const firstFindOfMine = !existing || !(await countedFind(tx, existing.id, input.userId));
  const paid = !held && firstFindOfMine;
  const base = existing ? ARTWORK_RULES.laterFindReward : input.newPieceReward;
  const award = paid ? base * input.multiplier : 0;

  const artworkId = existing?.id ?? randomUUID();
  if (!existing) {
    await tx.insert(artworks).values({
      id: artworkId,
      title: input.title,
      description: input.description,
      artistName: input.artistName,
      emojiPin: input.emojiPin,
      latitude: input.latitude,
      longitude: input.longitude,
      firstFinderId: input.userId,
      coverImageUrl: input.photo?.imageUrl ?? null,
      lastSeenAt: input.at,
      createdAt: input.at,
    });
  }

  return {
    artworkId,
    award,
    counts: paid,
    held,
    finish: async (discoveryId) => {
      await insertLog(tx, {
        id: randomUUID(),
        artworkId,
        userId: input.userId,
        kind: 'found',
        discoveryId,
        imageUrl: input.photo?.imageUrl ?? null,
        perceptualHash: input.photo?.perceptualHash ?? null,
        latitude: input.latitude,
        longitude: input.longitude,
        logDay: utcDay(input.at),
        tokensAwarded: award,
        flagReason: flag,
        reviewStatus: held,
        createdAt: input.at,
      });
      if (held) return;
      if (existing) {
        // Seen again: back from gone, and the cover is the newest photo.
        await tx
          .update(artworks)
          .set({
            status: 'present',
            lastSeenAt: input.at,
            coverImageUrl: input.photo?.imageUrl ?? existing.coverImageUrl,
          })
          .where(eq(artworks.id, existing.id));
      } else {
        await tx
          .update(users)
          .set({ firstFinds: sql`${users.firstFinds} + 1` })
          .where(eq(users.id, input.userId));
      }
      if (existing && firstFindOfMine) await payFirstFinder(tx, existing, input.userId);
    },
  };
}

/** One counted found log of this player for this artwork, if any. */
export async function countedFind(tx: Tx, artworkId: string, userId: string, except?: string) {
  const [row] = await tx
    .select({ id: artworkLogs.id })
    .from(artworkLogs)
    .where(
      and(
        eq(artworkLogs.artworkId, artworkId),
        eq(artworkLogs.userId, userId),
        eq(artworkLogs.kind, 'found'),
        countedLog,
        except ? ne(artworkLogs.id, except) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The first finder's bonus for another player's first counted find. Paid only when the first
 * finder's own find counts: a pin without a photo earns its maker nothing, not even by others.
 */
export async function payFirstFinder(tx: Tx, artwork: ArtworkRow, finderOfNow: string) {
  const finder = artwork.firstFinderId;
  if (!finder || finder === finderOfNow) return;
  if (!(await countedFind(tx, artwork.id, finder))) return;
  const bonus = ARTWORK_RULES.firstFinderBonus * (await multiplierOf(tx, finder, PRO_MULTIPLIER));
  await tx
    .update(users)
    .set({ tokens: sql`${users.tokens} + ${bonus}` })
    .where(eq(users.id, finder));
  // A find inside the finder's hidden home is not announced as it happens: no push.
  const [home] = await tx
    .select({
      inside: insideHome(sql`${finderOfNow}::text`, artworks.latitude, artworks.longitude),
    })
    .from(artworks)
    .where(eq(artworks.id, artwork.id));
  await notify(tx, finder, {
    kind: 'piece_found',
    title: artwork.title,
    tokens: bonus,
    otherUserId: finderOfNow,
    artworkId: artwork.id,
    push: !home?.inside,
  });
}

export interface ReportInput {
  userId: string;
  artworkId: string;
  kind: Exclude<LogKind, 'found'>;
  latitude: number;
  longitude: number;
  photo: Photo | null;
  newArtworkId?: string | undefined;
  at: Date;
}

/**
 * A gone or painted-over report. Once reports from ARTWORK_RULES.goneReportsNeeded different
 * players arrive after the artwork was last seen, it is gone; a painted-over report also links
 * the newer piece. Reports pay nothing, so there is nothing to gain from a false one.
 */
export async function recordReport(tx: Tx, input: ReportInput) {
  const artwork = await lockArtwork(tx, input.artworkId);
  assertNear(artwork, input);
  let paintedOverById: string | null = null;
  if (input.kind === 'painted_over') {
    const newer = input.newArtworkId ? await lockArtwork(tx, input.newArtworkId) : null;
    if (!newer || newer.id === artwork.id) {
      throw badRequest('The newer artwork must be another artwork.');
    }
    assertNear(newer, artwork);
    paintedOverById = newer.id;
  }
  const flag = await fairPlayFlag(tx, {
    userId: input.userId,
    latitude: input.latitude,
    longitude: input.longitude,
    at: input.at,
    photoGps: input.photo?.gps ?? null,
  });
  const log = await insertLog(tx, {
    id: randomUUID(),
    artworkId: artwork.id,
    userId: input.userId,
    kind: input.kind,
    imageUrl: input.photo?.imageUrl ?? null,
    perceptualHash: input.photo?.perceptualHash ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
    paintedOverById,
    logDay: utcDay(input.at),
    flagReason: flag,
    reviewStatus: flag ? 'pending' : null,
    createdAt: input.at,
  });
  if (flag) return log;

  await applyReport(tx, artwork, paintedOverById, input.userId);
  return log;
}

/**
 * What a counted gone or painted-over report changes: the newer piece is linked, the artwork
 * is gone once ARTWORK_RULES.goneReportsNeeded players reported it since it was last seen, and
 * the players who found it hear of it. Also run when a moderator releases a report that was
 * held for review. The caller holds the artwork's row lock (lockArtwork).
 */
export async function applyReport(
  tx: Tx,
  artwork: ArtworkRow,
  paintedOverById: string | null,
  reporterId: string,
): Promise<void> {
  await tellFindersGone(tx, artwork, reporterId);
  if (paintedOverById && !artwork.paintedOverById) {
    await tx.update(artworks).set({ paintedOverById }).where(eq(artworks.id, artwork.id));
  }
  const [reports] = await tx
    .select({ players: countDistinct(artworkLogs.userId) })
    .from(artworkLogs)
    .where(
      and(
        eq(artworkLogs.artworkId, artwork.id),
        inArray(artworkLogs.kind, ['gone', 'painted_over']),
        gt(artworkLogs.createdAt, artwork.lastSeenAt),
        // Held for review or voided by a moderator: not counted.
        countedLog,
      ),
    );
  if ((reports?.players ?? 0) >= ARTWORK_RULES.goneReportsNeeded) {
    await tx.update(artworks).set({ status: 'gone' }).where(eq(artworks.id, artwork.id));
  }
}
