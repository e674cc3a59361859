import { randomUUID } from 'node:crypto';
import { and, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import { isProActive } from '../../core/entitlements.ts';
import { distanceKm } from '../../core/geo.ts';
import { ARTWORK_RULES } from '../../core/rules.ts';
import type { FlagReason, LogKind } from '../../core/schemas/artworks.ts';
import { isUniqueViolation, type Tx } from '../db/client.ts';
import { artworkLogs, artworks, users } from '../db/schema.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { fairPlayFlag } from './fair-play.ts';

type ArtworkRow = typeof artworks.$inferSelect;
type Photo = {
  imageUrl: string;
  perceptualHash: bigint | null;
  gps: { latitude: number; longitude: number } | null;
};

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
  /** What the player earns (0 when flagged or when they found this artwork before). */
  award: number;
  /** The log counts as one of the player's discoveries (a first find of this artwork). */
  counts: boolean;
  flag: FlagReason | null;
  /** Completes the log once the discovery row exists. */
  finish(discoveryId: string): Promise<void>;
}

/**
 * A found log, inside the transaction that stores its discovery. A new piece creates its artwork
 * and pays SPEC's reward; a player's first find of someone else's artwork pays less, and its
 * first finder earns a bonus. Finding it again on another day only refreshes "last seen".
 * A flagged log pays nothing and changes nobody's counters until it is reviewed.
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

  let firstFindOfMine = true;
  if (existing) {
    const [mine] = await tx
      .select({ id: artworkLogs.id })
      .from(artworkLogs)
      .where(
        and(
          eq(artworkLogs.artworkId, existing.id),
          eq(artworkLogs.userId, input.userId),
          eq(artworkLogs.kind, 'found'),
        ),
      )
      .limit(1);
    firstFindOfMine = !mine;
  }
  const paid = !flag && firstFindOfMine;
  const base = existing ? ARTWORK_RULES.laterFindReward : input.newPieceReward;
  const award = paid ? base * input.multiplier : 0;

  const artworkId = existing?.id ?? randomUUID();
  if (!existing) {
    await tx.insert(artworks).values({
      id: artworkId,
      title: input.title,
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
    flag,
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
        reviewStatus: flag ? 'pending' : null,
        createdAt: input.at,
      });
      if (flag) return;
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
      const finder = existing?.firstFinderId;
      if (existing && firstFindOfMine && finder && finder !== input.userId) {
        const bonus =
          ARTWORK_RULES.firstFinderBonus * (await multiplierOf(tx, finder, input.multiplier));
        await tx
          .update(users)
          .set({ tokens: sql`${users.tokens} + ${bonus}` })
          .where(eq(users.id, finder));
      }
    },
  };
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

  await applyReport(tx, artwork, paintedOverById);
  return log;
}

/**
 * What a counted gone or painted-over report changes: the newer piece is linked, and the artwork
 * is gone once ARTWORK_RULES.goneReportsNeeded players reported it since it was last seen.
 * Also run when a moderator releases a report that was held for review.
 */
export async function applyReport(
  tx: Tx,
  artwork: ArtworkRow,
  paintedOverById: string | null,
): Promise<void> {
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
        sql`(${artworkLogs.reviewStatus} is null or ${artworkLogs.reviewStatus} = 'approved')`,
      ),
    );
  if ((reports?.players ?? 0) >= ARTWORK_RULES.goneReportsNeeded) {
    await tx.update(artworks).set({ status: 'gone' }).where(eq(artworks.id, artwork.id));
  }
}
