import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  findArtwork,
  pinArtwork,
  signUp,
  useUnlimitedApp,
  type Player,
} from '../../../test/app.ts';
import { acted, report, signUpModerator } from '../../../test/moderation.ts';
import { dayFromToday, establishedVisitor, insertWall } from '../../../test/walls.ts';
import type { InboxItem, InboxPage } from '../../core/schemas/inbox.ts';
import { artworkLogs } from '../db/schema.ts';
import { notifyNearYou } from '../services/inbox.ts';

/**
 * The news other players and moderators cause lands in the inbox of whom it concerns: a wall
 * proposal verified or disputed, a report decided, a piece one found reported gone, and a
 * quest or challenge nearby (written by the features that offer them).
 */
const app = useUnlimitedApp();

const inbox = async (player: Player) =>
  (await player.request({ url: '/api/inbox' })).json<InboxPage>().items;
const brief = (items: InboxItem[]) =>
  items.map((i) => ({ kind: i.kind, title: i.title, link: i.link }));
const newsOf = async (player: Player) =>
  (await player.request({ url: '/api/inbox/unread' })).json<{ news: InboxItem[] }>().news;

let spots = 0;
const spot = () => ({ latitude: -34.9 + ++spots * 0.05, longitude: 138.6 });
const near = (at: { latitude: number; longitude: number }, m = 10) => ({
  latitude: at.latitude + m / 111_195,
  longitude: at.longitude,
});
const mapLink = (at: { latitude: number; longitude: number }) =>
  `/?lat=${at.latitude}&lng=${at.longitude}&zoom=16`;

describe('wall proposals', () => {
  it('the proposer hears when players verify their wall, and when they dispute it', async () => {
    const proposer = await signUp(app().app);
    const at = spot();
    const wallId = await insertWall(app().db, at, {
      name: 'Rundle Lane',
      status: 'unverified',
      proposedById: proposer.id,
    });
    const confirm = (p: Player) =>
      p.request({
        method: 'POST',
        url: `/api/legal-walls/${wallId}/confirmations`,
        payload: { paintedOn: dayFromToday() },
      });
    for (let i = 0; i < 3; i++) {
      const res = await confirm(await establishedVisitor(app().app, app().db, at));
      expect(res.statusCode).toBe(201);
    }
    // A fourth confirmation changes no status: told once.
    await confirm(await establishedVisitor(app().app, app().db, at));
    for (let i = 0; i < 3; i++) {
      const reporter = await establishedVisitor(app().app, app().db, at);
      const res = await reporter.request({
        method: 'POST',
        url: `/api/legal-walls/${wallId}/reports`,
        payload: { reason: 'not_legal' },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(brief(await inbox(proposer))).toEqual([
      { kind: 'wall_disputed', title: 'Rundle Lane', link: mapLink(at) },
      { kind: 'wall_verified', title: 'Rundle Lane', link: mapLink(at) },
    ]);
    expect((await newsOf(proposer)).map((n) => n.kind)).toEqual(['wall_disputed', 'wall_verified']);
  });

  it('a moderator’s review: reporters hear their reports decided, the proposer the verdict', async () => {
    const proposer = await signUp(app().app);
    const mod = await signUpModerator(app().app, app().db);
    const verifyAt = spot();
    const closeAt = spot();
    const verified = await insertWall(app().db, verifyAt, {
      name: 'Kept Wall',
      proposedById: proposer.id,
    });
    const closed = await insertWall(app().db, closeAt, { name: 'Closed Wall' });
    const reporters = async (wallId: string, at: typeof verifyAt) => {
      const players = [];
      for (let i = 0; i < 2; i++) {
        const p = await establishedVisitor(app().app, app().db, at);
        await p.request({
          method: 'POST',
          url: `/api/legal-walls/${wallId}/reports`,
          payload: { reason: 'closed' },
        });
        players.push(p);
      }
      return players;
    };
    const doubted = await reporters(verified, verifyAt);
    const right = await reporters(closed, closeAt);
    await acted(mod, { action: 'verify_wall', targetId: verified, reason: 'council list' });
    await acted(mod, { action: 'close_wall', targetId: closed, reason: 'demolished' });

    for (const p of doubted) {
      expect(brief(await inbox(p))).toEqual([
        { kind: 'report_dismissed', title: 'Kept Wall', link: mapLink(verifyAt) },
      ]);
    }
    for (const p of right) {
      expect(brief(await inbox(p))).toEqual([
        { kind: 'report_upheld', title: 'Closed Wall', link: null },
      ]);
    }
    expect(brief(await inbox(proposer))).toEqual([
      { kind: 'wall_verified', title: 'Kept Wall', link: mapLink(verifyAt) },
      { kind: 'wall_disputed', title: 'Kept Wall', link: mapLink(verifyAt) },
    ]);
  });
});

describe('reports decided', () => {
  it('hidden: each reporter hears it upheld once; restored: dismissed, with the link', async () => {
    const [owner, otherOwner] = [await signUp(app().app), await signUp(app().app)];
    const mod = await signUpModerator(app().app, app().db);
    const hidden = await pinArtwork(owner, spot(), { name: 'Rude Stencil' });
    const kept = await pinArtwork(otherOwner, spot(), { name: 'Fine Mural' });
    const [a, b] = [await signUp(app().app), await signUp(app().app)];
    for (const p of [a, b]) {
      for (const id of [hidden, kept]) {
        const res = await report(p, { targetType: 'artwork', targetId: id, reason: 'abusive' });
        expect(res.statusCode).toBe(201);
      }
    }
    await acted(mod, { action: 'hide', targetType: 'artwork', targetId: hidden, reason: 'rude' });
    await acted(mod, { action: 'restore', targetType: 'artwork', targetId: kept, reason: 'fine' });
    for (const p of [a!, b!]) {
      expect(brief(await inbox(p))).toEqual([
        { kind: 'report_dismissed', title: 'Fine Mural', link: `/art/${kept}` },
        { kind: 'report_upheld', title: 'Rude Stencil', link: null },
      ]);
    }
    // The owner of what was reported is not a reporter: nothing new for them.
    expect((await inbox(owner)).map((i) => i.kind)).toEqual(['find_paid']);
  });
});

describe('a piece you found reported gone', () => {
  it('tells each other player with a counted find, once per artwork per day', async () => {
    const at = spot();
    const pinner = await signUp(app().app);
    const artworkId = await pinArtwork(pinner, at, { name: 'Tin Bird' });
    const finder = await signUp(app().app);
    await findArtwork(finder, artworkId, near(at));
    // A find without a photo counts for nothing: its player is not told.
    const unproven = await signUp(app().app);
    const res = await unproven.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Tin Bird', ...near(at, 20), artworkId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [log] = await app()
      .db.select()
      .from(artworkLogs)
      .where(eq(artworkLogs.userId, unproven.id));
    expect(log?.reviewStatus).toBe('awaiting_photo');

    const gone = (p: Player) =>
      p.request({
        method: 'POST',
        url: `/api/artworks/${artworkId}/logs`,
        payload: { kind: 'gone', ...near(at, 30) },
      });
    // The finder reports it too: the others hear of it, they do not (they said it).
    expect((await gone(finder)).statusCode).toBe(201);
    expect((await gone(await signUp(app().app))).statusCode).toBe(201);

    const told = { kind: 'piece_gone', title: 'Tin Bird', link: `/art/${artworkId}` };
    expect(brief(await inbox(pinner))[0]).toEqual(told);
    expect((await inbox(pinner)).filter((i) => i.kind === 'piece_gone')).toHaveLength(1);
    expect((await inbox(pinner)).find((i) => i.kind === 'piece_gone')?.otherPlayer).toBeNull();
    expect((await inbox(finder)).some((i) => i.kind === 'piece_gone')).toBe(false);
    expect((await inbox(unproven)).some((i) => i.kind === 'piece_gone')).toBe(false);
  });
});

describe('a quest or challenge near you', () => {
  it('is written by the feature that offers it, with its link and reward', async () => {
    const p = await signUp(app().app);
    await app().db.transaction((tx) =>
      notifyNearYou(tx, p.id, {
        title: 'Is it still there? Tin Bird',
        link: '/quests/q-1',
        tokens: 10,
      }),
    );
    const [item] = await newsOf(p);
    expect(item).toMatchObject({
      kind: 'near_you',
      title: 'Is it still there? Tin Bird',
      tokens: 10,
      link: '/quests/q-1',
      artworkId: null,
    });
  });
});
