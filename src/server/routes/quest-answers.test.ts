import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, uploadPhoto, useUnlimitedApp, type Player, type Spot } from '../../../test/app.ts';
import { artworkKit } from '../../../test/artwork-kit.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { acted, signUpModerator } from '../../../test/moderation.ts';
import { giveProMonth } from '../../../test/pro.ts';
import { answer, insertArtwork, north, photoTakenAt, questOn } from '../../../test/quests.ts';
import { insertWall } from '../../../test/walls.ts';
import type { QuestAnswer } from '../../core/schemas/quests.ts';
import { wallConfirmations } from '../db/moderation-schema.ts';
import { artistSuggestions, questAnswers } from '../db/quests-schema.ts';
import { artworkLogs, artworks, legalWalls } from '../db/schema.ts';

/**
 * Answering quests (docs/decisions/043-quests.md): on the spot only, with a photo whose own GPS
 * says so; an artwork's answer is a find in its history, a wall's a confirmation; paid once,
 * and held unpaid when the fair-play checks flag it.
 */

const t = useUnlimitedApp();
const { tokensOf, artworkOf } = artworkKit(t);

let spots = 0;
/** A stretch of its own per test, far from anything else. */
const nextSpot = (): Spot => ({ latitude: 50 + ++spots * 0.2, longitude: -40 });

/** A player standing `at`, with a photo taken there, answering with 20 m accuracy. */
async function answerAt(player: Player, kind: string, id: string, at: Spot, extra = {}) {
  const imageUrl = await photoTakenAt(player, at);
  return answer(player, kind, id, { ...at, accuracy: 20, imageUrl, ...extra });
}

const answersOf = (player: Player) =>
  t().db.select().from(questAnswers).where(eq(questAnswers.userId, player.id));

describe('answered on the spot', () => {
  it('"Needs a photo": a find in the piece\'s history, its reward and the find\'s', async () => {
    const at = nextSpot();
    const id = await insertArtwork(t().db, at, { title: 'Harbour wall', daysAgo: 400 });
    const player = await signUp(t().app);
    const before = (await artworkOf(player, id)).lastSeenAt;

    const res = await answerAt(player, 'needs_photo', id, north(at, 15));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<QuestAnswer>()).toEqual({
      kind: 'needs_photo',
      targetId: id,
      held: false,
      tokens: 15,
      findTokens: 20,
      artworkId: id,
    });
    expect(await tokensOf(player)).toEqual({ tokens: 35, discoveries: 1, firstFinds: 0 });
    const artwork = await artworkOf(player, id);
    expect(artwork.logs).toMatchObject([{ kind: 'found', username: player.username }]);
    expect(artwork.photos).toHaveLength(1);
    expect(artwork.coverImageUrl).toBe(artwork.photos[0]!.imageUrl);
    expect(Date.parse(artwork.lastSeenAt)).toBeGreaterThan(Date.parse(before));
    expect(artwork.foundByMe).toBe(true);
    // Photographed now: nobody is asked for a photo of it any more.
    expect(await questOn(await signUp(t().app), at, id)).toBeNull();
    const again = await answerAt(player, 'needs_photo', id, at);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This piece has a photo now: this quest is done.' });
    expect(await tokensOf(player)).toMatchObject({ tokens: 35 });
  });

  it('"Is it still there?": seen again, and asked no more', async () => {
    const at = nextSpot();
    const id = await insertArtwork(t().db, at, { sourceId: null, daysAgo: 200 });
    const player = await signUp(t().app);
    const pro = await signUp(t().app);
    await giveProMonth(t().db, pro.id);
    const res = await answerAt(pro, 'still_there', id, at);
    expect(res.json<QuestAnswer>()).toMatchObject({ held: false, tokens: 20, findTokens: 40 });
    expect(await questOn(player, at, id)).toBeNull();
    const late = await answerAt(player, 'still_there', id, at);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'Someone saw this piece recently: this quest is done.',
    });
    expect(await answersOf(player)).toEqual([]);
  });

  it('"Who painted this?": the name is kept with the find that puts the player there', async () => {
    const at = nextSpot();
    const id = await insertArtwork(t().db, at, { sourceId: null, artistName: null });
    const player = await signUp(t().app);
    const missing = await answerAt(player, 'who_painted', id, at);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: "Invalid body field 'artistName': say who painted it.",
    });
    const res = await answerAt(player, 'who_painted', id, at, { artistName: '  Rone  ' });
    expect(res.json<QuestAnswer>()).toMatchObject({ tokens: 5, findTokens: 20 });
    const [suggestion] = await t()
      .db.select()
      .from(artistSuggestions)
      .where(eq(artistSuggestions.artworkId, id));
    const [log] = await t().db.select().from(artworkLogs).where(eq(artworkLogs.artworkId, id));
    expect(suggestion).toMatchObject({
      userId: player.id,
      artistName: 'Rone',
      artworkLogId: log!.id,
    });
    // A suggestion, not yet a credit: the piece keeps asking other players.
    const [piece] = await t().db.select().from(artworks).where(eq(artworks.id, id));
    expect(piece!.artistName).toBeNull();
  });

  it('"Visit this wall": a confirmation in the wall\'s history, with the photo', async () => {
    const at = nextSpot();
    const proposer = await signUp(t().app);
    const wallId = await insertWall(t().db, at, {
      status: 'unverified',
      proposedById: proposer.id,
    });
    const own = await answerAt(proposer, 'visit_wall', wallId, at);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: 'You proposed this wall: other players confirm it.' });

    const player = await signUp(t().app);
    const res = await answerAt(player, 'visit_wall', wallId, north(at, 30));
    expect(res.json<QuestAnswer>()).toEqual({
      kind: 'visit_wall',
      targetId: wallId,
      held: false,
      tokens: 10,
      findTokens: 0,
      artworkId: null,
    });
    const confirmations = await t()
      .db.select()
      .from(wallConfirmations)
      .where(eq(wallConfirmations.wallId, wallId));
    expect(confirmations).toEqual([
      expect.objectContaining({
        userId: player.id,
        paintedOn: new Date().toISOString().slice(0, 10),
        imageUrl: (await answersOf(player))[0]!.imageUrl,
      }),
    ]);
    const [wall] = await t().db.select().from(legalWalls).where(eq(legalWalls.id, wallId));
    expect(wall!.lastConfirmedAt).not.toBeNull();
    expect(await tokensOf(player)).toMatchObject({ tokens: 10 });
    const twice = await answerAt(player, 'visit_wall', wallId, at);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'You already confirmed this wall.' });
  });
});

describe('refused from far away', () => {
  it('refuses an answer from 5 km away, politely, and changes nothing', async () => {
    const at = nextSpot();
    const id = await insertArtwork(t().db, at, { title: 'Harbour wall' });
    const player = await signUp(t().app);
    const imageUrl = await photoTakenAt(player, at);
    const res = await answer(player, 'needs_photo', id, {
      ...north(at, 5000),
      accuracy: 10,
      imageUrl,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        'You are 5.0 km from Harbour wall. Quests are answered on the spot: come within 60 m of it.',
    });
    // A poor fix widens the circle, never past 150 m.
    const vague = await answer(player, 'needs_photo', id, {
      ...north(at, 170),
      accuracy: 5000,
      imageUrl,
    });
    expect(vague.json()).toEqual({
      message:
        'You are 170 m from Harbour wall. Quests are answered on the spot: come within 150 m of it.',
    });
    expect(await tokensOf(player)).toEqual({ tokens: 0, discoveries: 0, firstFinds: 0 });
    expect(await answersOf(player)).toEqual([]);
    expect((await artworkOf(player, id)).logs).toEqual([]);
  });

  it('refuses a photo taken elsewhere, or one that does not say where it was taken', async () => {
    const at = nextSpot();
    const id = await insertArtwork(t().db, at, { title: 'Harbour wall' });
    const player = await signUp(t().app);
    const elsewhere = await photoTakenAt(player, north(at, 5000));
    const far = await answer(player, 'needs_photo', id, {
      ...at,
      accuracy: 5,
      imageUrl: elsewhere,
    });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toEqual({
      message: 'Your photo was taken 5.0 km from Harbour wall: take it there, within 150 m.',
    });
    const noGps = await uploadPhoto(player, 'discovery', uniquePhoto());
    const blind = await answer(player, 'needs_photo', id, { ...at, accuracy: 5, imageUrl: noGps });
    expect(blind.statusCode).toBe(400);
    expect(blind.json<{ message: string }>().message).toMatch(/does not say where it was taken/);
    expect(await answersOf(player)).toEqual([]);
  });
});

describe('held by fair play', () => {
  it('holds an answer right after a find 16,000 km away: unpaid until a moderator releases it', async () => {
    const at = nextSpot();
    const id = await insertArtwork(t().db, at, { title: 'Harbour wall' });
    const player = await signUp(t().app);
    const brisbane = { latitude: -27.47, longitude: 153.02 };
    const pinned = await player.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Koala', ...brisbane, imageUrl: await photoTakenAt(player, brisbane) },
    });
    expect(pinned.statusCode).toBe(201);

    const res = await answerAt(player, 'needs_photo', id, at);
    expect(res.json<QuestAnswer>()).toMatchObject({ held: true, tokens: 0, findTokens: 0 });
    expect(await tokensOf(player)).toMatchObject({ tokens: 50 });
    const [held] = await answersOf(player);
    expect(held).toMatchObject({
      status: 'held',
      flagReason: 'impossible_travel',
      tokensAwarded: 0,
    });
    // Nobody else sees the held find; the piece still needs a photo.
    expect((await artworkOf(await signUp(t().app), id)).logs).toEqual([]);
    const again = await answerAt(player, 'needs_photo', id, at);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already answered this quest.' });

    const mod = await signUpModerator(t().app, t().db);
    const entry = await acted(mod, {
      action: 'release_log',
      targetId: held!.artworkLogId!,
      reason: 'Flew home',
    });
    expect(entry.details).toEqual({ tokens: 35 });
    expect(await tokensOf(player)).toMatchObject({ tokens: 85 });
    const [paid] = await answersOf(player);
    expect(paid).toMatchObject({ status: 'paid', tokensAwarded: 15 });
  });

  it('holds a wall visit without confirming the wall', async () => {
    const at = nextSpot();
    const wallId = await insertWall(t().db, at, { status: 'unverified' });
    const player = await signUp(t().app);
    const brisbane = { latitude: -27.47, longitude: 153.02 };
    await player.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Koala', ...brisbane, imageUrl: await photoTakenAt(player, brisbane) },
    });
    const res = await answerAt(player, 'visit_wall', wallId, at);
    expect(res.json<QuestAnswer>()).toMatchObject({ held: true, tokens: 0 });
    expect(
      await t().db.select().from(wallConfirmations).where(eq(wallConfirmations.wallId, wallId)),
    ).toEqual([]);
    expect(await answersOf(player)).toMatchObject([
      { status: 'held', flagReason: 'impossible_travel', wallConfirmationId: null },
    ]);
  });
});
