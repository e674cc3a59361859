import { eq, sql } from 'drizzle-orm';
import { ARTWORK_RULES, PRO_MULTIPLIER, REWARDS } from '../../core/rules.ts';
import type { InboxKind } from '../../core/schemas/inbox.ts';
import type { Tx } from '../db/client.ts';
import { artworkLogs, artworks, discoveries, users } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import {
  applyReport,
  countedFind,
  lockArtwork,
  multiplierOf,
  payFirstFinder,
} from './artwork-logs.ts';
import { paidRole } from './artist-credits.ts';
import { notify } from './inbox.ts';
import { releaseQuestAnswer, voidQuestAnswer } from './quest-release.ts';

/**
 * A moderator's review of a log held by fair play (docs/decisions/021 and 026). The log row is
 * locked and must still be pending, so of any number of simultaneous reviews one acts and the
 * others are refused: the held tokens are paid exactly once.
 */

export const ALREADY_REVIEWED = 'This log was already reviewed.';

type LogRow = typeof artworkLogs.$inferSelect;

export async function lockPendingLog(tx: Tx, id: string): Promise<LogRow> {
  const [log] = await tx.select().from(artworkLogs).where(eq(artworkLogs.id, id)).for('update');
  if (!log) throw notFound('Log not found');
  if (log.reviewStatus !== 'pending') throw conflict(ALREADY_REVIEWED);
  return log;
}

/** Voided: the log stays on record, pays nothing and counts for nothing. */
export async function voidLog(tx: Tx, log: LogRow): Promise<void> {
  await tx.update(artworkLogs).set({ reviewStatus: 'rejected' }).where(eq(artworkLogs.id, log.id));
  await voidQuestAnswer(tx, log.id);
  if (log.kind === 'found') await tellFinder(tx, log, 'find_voided', 0);
}

/** The finder hears what became of their find, under the name they gave it. */
async function tellFinder(tx: Tx, log: LogRow, kind: InboxKind, tokens: number) {
  const [named] = await tx
    .select({ title: sql<string>`coalesce(${discoveries.name}, ${artworks.title})` })
    .from(artworks)
    .leftJoin(discoveries, eq(discoveries.id, log.discoveryId ?? ''))
    .where(eq(artworks.id, log.artworkId));
  await notify(tx, log.userId, {
    kind,
    title: named?.title ?? '',
    tokens,
    artworkId: log.artworkId,
    discoveryId: log.discoveryId,
  });
}

/**
 * Released: the log counts as if it had never been held. A found log pays what it would
 * have paid then (SPEC's reward for a new piece, the later-find reward otherwise, nothing for a
 * player's repeat find), at the player's multiplier today, with the first finder's bonus and
 * the player's counters; a gone or painted-over report counts towards the artwork's status.
 * A found log without a photo has no evidence yet: released by a moderator, it waits for its
 * photo instead. The caller holds the log's row lock. Returns the tokens paid.
 */
export async function releaseLog(
  tx: Tx,
  log: LogRow,
  tell: 'find_released' | 'find_paid' = 'find_released',
): Promise<number> {
  // A quest answered with this find pays its reward with it (docs/decisions/043-quests.md).
  const award = (await release(tx, log)) + (await releaseQuestAnswer(tx, log.id));
  if (log.kind === 'found') await tellFinder(tx, log, tell, award);
  return award;
}

async function release(tx: Tx, log: LogRow): Promise<number> {
  const evidence = log.kind !== 'found' || log.imageUrl !== null;
  const reviewStatus = evidence ? 'approved' : 'awaiting_photo';
  await tx.update(artworkLogs).set({ reviewStatus }).where(eq(artworkLogs.id, log.id));
  if (!evidence) return 0;
  const artwork = await lockArtwork(tx, log.artworkId);
  if (log.kind !== 'found') {
    await applyReport(tx, artwork, log.paintedOverById, log.userId);
    return 0;
  }
  const earlier = await countedFind(tx, log.artworkId, log.userId, log.id);
  // The log that created the artwork shares its first finder and its creation time.
  const newPiece =
    artwork.firstFinderId === log.userId && artwork.createdAt.getTime() === log.createdAt.getTime();
  if (!newPiece) {
    await tx
      .update(artworks)
      .set({
        status: 'present',
        lastSeenAt: sql`greatest(${artworks.lastSeenAt}, ${log.createdAt})`,
        coverImageUrl: log.imageUrl ?? artwork.coverImageUrl,
      })
      .where(eq(artworks.id, artwork.id));
  }
  if (earlier) return 0;

  const [discovery] = log.discoveryId
    ? await tx.select().from(discoveries).where(eq(discoveries.id, log.discoveryId))
    : [];
  const base = !newPiece
    ? ARTWORK_RULES.laterFindReward
    : discovery?.kind === 'graffiti'
      ? REWARDS.graffiti
      : REWARDS[await paidRole(tx, log.userId, discovery?.userRole ?? 'photographer', artwork.id)];
  const award = base * (await multiplierOf(tx, log.userId, PRO_MULTIPLIER));
  await tx.update(artworkLogs).set({ tokensAwarded: award }).where(eq(artworkLogs.id, log.id));
  if (discovery) {
    await tx
      .update(discoveries)
      .set({ tokensAwarded: award })
      .where(eq(discoveries.id, discovery.id));
  }
  await tx
    .update(users)
    .set({
      tokens: sql`${users.tokens} + ${award}`,
      discoveries: sql`${users.discoveries} + 1`,
      firstFinds: newPiece ? sql`${users.firstFinds} + 1` : users.firstFinds,
    })
    .where(eq(users.id, log.userId));
  if (!newPiece) await payFirstFinder(tx, artwork, log.userId);
  return award;
}
