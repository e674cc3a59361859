import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { distanceKm } from '../../core/geo.ts';
import {
  MAX_ANSWER_RADIUS_M,
  QUEST_REWARDS,
  answerRadiusM,
  distanceLabel,
  questPeriod,
  type QuestKind,
} from '../../core/quests.ts';
import type { EmojiPin } from '../../core/schemas/common.ts';
import type { AnswerQuestSchema, QuestAnswer } from '../../core/schemas/quests.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Config } from '../config/config.ts';
import { isUniqueViolation, type Db, type Tx } from '../db/client.ts';
import { wallConfirmations } from '../db/moderation-schema.ts';
import { artistSuggestions, questAnswers } from '../db/quests-schema.ts';
import { creditFromAnswer } from './artist-credits.ts';
import { artworkLogs, artworks, legalWalls, users } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { lockArtwork, photoOf, type Photo } from './artwork-logs.ts';
import { createDiscovery } from './discoveries.ts';
import { fairPlayFlag } from './fair-play.ts';
import { ALREADY_DOCUMENTED, assertNotDocumented, assertOwnedObject } from './objects.ts';
import { artworkQuestOpen } from './quests.ts';
import { entitlementsOf } from './users.ts';
import { addConfirmation, lockOpenWall } from './wall-changes.ts';

/**
 * Answering a quest (docs/decisions/043-quests.md): on the spot only, with a photo. An
 * artwork's answer is a find of it, made as every find is (createDiscovery: its log, its reward,
 * its fair-play checks, its history); a wall's is a confirmation of it. The quest's own reward
 * comes on top, once per player, quest and period (quest_answers_once_idx), and waits, unpaid,
 * while the fair-play checks hold the answer.
 */

type Body = z.output<typeof AnswerQuestSchema>;
type Target = { title: string; latitude: number; longitude: number };

export const ALREADY_ANSWERED = 'You already answered this quest.';
const NO_PHOTO_GPS =
  'Your photo does not say where it was taken. Take it with your camera, location on, ' +
  'standing at the quest.';
const NO_LONGER_OPEN: Record<QuestKind, string> = {
  still_there: 'Someone saw this piece recently: this quest is done.',
  needs_photo: 'This piece has a photo now: this quest is done.',
  visit_wall: 'This wall is no longer waiting for visits: this quest is done.',
  who_painted: 'This piece has its artist now: this quest is done.',
};

/** Both the player and their photo's own GPS at the target, within the documented distance. */
function assertOnSpot(target: Target, body: Body, photo: Photo) {
  const radius = Math.round(answerRadiusM(body.accuracy));
  const metres =
    distanceKm(body.latitude, body.longitude, target.latitude, target.longitude) * 1000;
  if (metres > radius) {
    throw badRequest(
      `You are ${distanceLabel(metres)} from ${target.title}. Quests are answered on the ` +
        `spot: come within ${radius} m of it.`,
    );
  }
  if (!photo.gps) throw badRequest(NO_PHOTO_GPS);
  const { latitude, longitude } = photo.gps;
  const taken = distanceKm(latitude, longitude, target.latitude, target.longitude) * 1000;
  if (taken > MAX_ANSWER_RADIUS_M) {
    throw badRequest(
      `Your photo was taken ${distanceLabel(taken)} from ${target.title}: take it there, ` +
        `within ${MAX_ANSWER_RADIUS_M} m.`,
    );
  }
}

/** The answer's row, claimed before anything it pays for is written. */
async function claim(
  tx: Tx,
  user: SessionUser,
  kind: QuestKind,
  targetId: string,
  body: Body,
  at: Date,
) {
  const id = randomUUID();
  await tx.insert(questAnswers).values({
    id,
    userId: user.id,
    kind,
    targetId,
    period: questPeriod(kind, at),
    latitude: body.latitude,
    longitude: body.longitude,
    accuracyM: body.accuracy,
    imageUrl: body.imageUrl,
    status: 'held',
    createdAt: at,
  });
  return id;
}

/** Pays the quest's reward for a counted answer and records what it paid. */
async function settle(
  tx: Tx,
  answerId: string,
  userId: string,
  tokens: number,
  fields: Partial<typeof questAnswers.$inferInsert>,
) {
  await tx
    .update(questAnswers)
    .set({ ...fields, tokensAwarded: tokens })
    .where(eq(questAnswers.id, answerId));
  if (tokens > 0) {
    await tx
      .update(users)
      .set({ tokens: sql`${users.tokens} + ${tokens}` })
      .where(eq(users.id, userId));
  }
}

async function answerArtwork(
  tx: Tx,
  user: SessionUser,
  kind: Exclude<QuestKind, 'visit_wall'>,
  targetId: string,
  body: Body,
  photo: Photo,
  at: Date,
): Promise<QuestAnswer> {
  // Locked first, read after: the condition sees whatever the previous answer committed.
  const artwork = await lockArtwork(tx, targetId);
  // A hidden piece is not there for players, quests included.
  if (artwork.hiddenAt) throw notFound('Artwork not found');
  const [asks] = await tx
    .select({ open: artworkQuestOpen(kind, at) })
    .from(artworks)
    .where(eq(artworks.id, artwork.id));
  if (!asks?.open) throw conflict(NO_LONGER_OPEN[kind]);
  assertOnSpot(artwork, body, photo);
  const answerId = await claim(tx, user, kind, artwork.id, body, at);

  const find = await createDiscovery(tx, user, {
    name: artwork.title.slice(0, 120),
    description: '',
    imageUrl: body.imageUrl,
    emojiPin: artwork.emojiPin as EmojiPin,
    userRole: 'photographer',
    isFreshArt: false,
    latitude: body.latitude,
    longitude: body.longitude,
    artworkId: artwork.id,
  });
  const [log] = await tx
    .select({ id: artworkLogs.id, flagReason: artworkLogs.flagReason })
    .from(artworkLogs)
    .where(eq(artworkLogs.discoveryId, find.id));
  if (!log) throw new Error('the find made no log');
  if (kind === 'who_painted') {
    await tx.insert(artistSuggestions).values({
      id: randomUUID(),
      artworkId: artwork.id,
      userId: user.id,
      artistName: body.artistName!,
      artworkLogId: log.id,
      createdAt: at,
    });
    // A name that matches an artist feeds the piece's credits (docs/decisions/049).
    await creditFromAnswer(tx, user.id, artwork.id, body.artistName!);
  }
  const held = find.pendingReview;
  const tokens = held ? 0 : QUEST_REWARDS[kind] * entitlementsOf(user).tokenMultiplier;
  await settle(tx, answerId, user.id, tokens, {
    artworkLogId: log.id,
    status: held ? 'held' : 'paid',
    flagReason: log.flagReason,
  });
  return { kind, targetId, held, tokens, findTokens: find.tokensAwarded, artworkId: artwork.id };
}

async function visitWall(
  tx: Tx,
  rule: Config['established'],
  user: SessionUser,
  targetId: string,
  body: Body,
  photo: Photo,
  at: Date,
): Promise<QuestAnswer> {
  const wall = await lockOpenWall(tx, targetId);
  if (wall.status !== 'unverified') throw conflict(NO_LONGER_OPEN.visit_wall);
  if (wall.proposedById === user.id) {
    throw forbidden('You proposed this wall: other players confirm it.');
  }
  const [facts] = await tx
    .select({
      title: legalWalls.name,
      confirmed: sql<boolean>`exists (select 1 from ${wallConfirmations}
        where ${wallConfirmations.wallId} = ${wall.id}
          and ${wallConfirmations.userId} = ${user.id})`,
    })
    .from(legalWalls)
    .where(eq(legalWalls.id, wall.id));
  if (facts!.confirmed) throw conflict('You already confirmed this wall.');
  assertOnSpot({ ...wall, title: facts!.title }, body, photo);
  const answerId = await claim(tx, user, 'visit_wall', wall.id, body, at);

  const flag = await fairPlayFlag(tx, {
    userId: user.id,
    latitude: body.latitude,
    longitude: body.longitude,
    at,
    photoGps: photo.gps,
  });
  // A held visit confirms nothing: the wall's status moves only on counted confirmations.
  const tokens = flag ? 0 : QUEST_REWARDS.visit_wall * entitlementsOf(user).tokenMultiplier;
  if (flag) {
    await settle(tx, answerId, user.id, 0, { flagReason: flag });
  } else {
    const confirmationId = await addConfirmation(tx, rule, wall, user.id, {
      paintedOn: at.toISOString().slice(0, 10),
      imageUrl: body.imageUrl,
    });
    await settle(tx, answerId, user.id, tokens, {
      wallConfirmationId: confirmationId,
      status: 'paid',
    });
  }
  return { kind: 'visit_wall', targetId, held: !!flag, tokens, findTokens: 0, artworkId: null };
}

/** POST /api/quests/:kind/:targetId/answer. */
export async function answerQuest(
  db: Db,
  rule: Config['established'],
  user: SessionUser,
  params: { kind: QuestKind; targetId: string },
  body: Body,
): Promise<QuestAnswer> {
  const { kind, targetId } = params;
  if (kind === 'who_painted' && !body.artistName) {
    throw badRequest("Invalid body field 'artistName': say who painted it.");
  }
  if (kind !== 'who_painted' && body.artistName !== undefined) {
    throw badRequest("Invalid body field 'artistName': only 'Who painted this?' names an artist.");
  }
  const object = await assertOwnedObject(db, user.id, body.imageUrl);
  const photo = photoOf(body.imageUrl, object);
  const at = new Date();
  return db
    .transaction(async (tx) => {
      // Photos on records take turns (objects.ts), before any row lock, as every find's do.
      await assertNotDocumented(tx, object);
      return kind === 'visit_wall'
        ? visitWall(tx, rule, user, targetId, body, photo, at)
        : answerArtwork(tx, user, kind, targetId, body, photo, at);
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'quest_answers_once_idx')) throw conflict(ALREADY_ANSWERED);
      if (isUniqueViolation(err, 'quest_answers_image_idx')) throw conflict(ALREADY_DOCUMENTED);
      throw err;
    });
}
