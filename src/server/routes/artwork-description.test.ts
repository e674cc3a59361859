import { unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../core/schemas/artworks.ts';
import type { CreatedDiscovery } from '../../core/schemas/discoveries.ts';
import type { ModerationQueues } from '../../core/schemas/moderation.ts';
import { DATA_EXPORT_FILE } from '../../core/your-data.ts';
import {
  createTestApp,
  signUp,
  UNLIMITED,
  uploadPhoto,
  type Player,
  type Spot,
  type TestApp,
} from '../../../test/app.ts';
import { acted, report, signUpModerator } from '../../../test/moderation.ts';
import { artworkLogs, artworks, discoveries } from '../db/schema.ts';

/**
 * A piece's words (issue 33, docs/decisions/021): the first finder's description is the
 * artwork's, later finders' notes show with their logs, and hidden or deleted words are not
 * shown to others.
 */

let t: TestApp;
let mod: Player;
beforeAll(async () => {
  t = await createTestApp({ seed: false, limits: UNLIMITED });
  mod = await signUpModerator(t.app, t.db);
});
afterAll(() => t.close());

let spot = 0;
/** A corner of Hobart of each scenario's own. */
const nextSpot = (): Spot => {
  spot += 1;
  return { latitude: -42.8 - spot * 0.01, longitude: 147.2 + spot * 0.01 };
};
const near = (at: Spot): Spot => ({ latitude: at.latitude + 0.0001, longitude: at.longitude });

const FIRST_WORDS = 'Koala in a cap, sprayed\nover the old tram shelter.';

async function document(player: Player, at: Spot, extra: Record<string, unknown> = {}) {
  const res = await player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: { name: 'Koala', ...at, imageUrl: await uploadPhoto(player), ...extra },
  });
  return res;
}

async function documented(player: Player, at: Spot, extra: Record<string, unknown> = {}) {
  const res = await document(player, at, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedDiscovery>();
}

const artworkOf = async (player: Player, id: string) => {
  const res = await player.request({ url: `/api/artworks/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json<Artwork>();
};
const notesOf = (artwork: Artwork) => artwork.logs.map((l) => [l.username, l.kind, l.note]);
const hide = (targetType: 'discovery' | 'artwork_log', targetId: string) =>
  acted(mod, { action: 'hide', targetType, targetId, reason: 'test' });
const restore = (targetType: 'discovery' | 'artwork_log', targetId: string) =>
  acted(mod, { action: 'restore', targetType, targetId, reason: 'test' });

/** A piece its first finder described, found since by a second player with a note. */
async function describedAndFound() {
  const [first, later] = [await signUp(t.app), await signUp(t.app)];
  const at = nextSpot();
  const pinned = await documented(first, at, { description: `  ${FIRST_WORDS}  ` });
  const found = await documented(later, near(at), {
    artworkId: pinned.artworkId,
    description: 'Cap is blue now.',
  });
  return { first, later, at, artworkId: pinned.artworkId!, pinned, found };
}

describe('the first finder’s description', () => {
  it('becomes the artwork’s, trimmed; a later finder’s note goes with their log', async () => {
    const { first, later, artworkId } = await describedAndFound();
    const viewer = await signUp(t.app);
    const artwork = await artworkOf(viewer, artworkId);
    expect(artwork.description).toBe(FIRST_WORDS);
    // Newest first; the first find's words are the description, not repeated as its note.
    expect(notesOf(artwork)).toEqual([
      [later.username, 'found', 'Cap is blue now.'],
      [first.username, 'found', null],
    ]);
  });

  it('is never overwritten by a later find, whatever the route', async () => {
    const { artworkId, at } = await describedAndFound();
    const third = await signUp(t.app);
    const res = await third.request({
      method: 'POST',
      url: `/api/artworks/${artworkId}/logs`,
      payload: {
        kind: 'found',
        ...near(at),
        imageUrl: await uploadPhoto(third),
        description: ' Repainted? ',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ log: { note: string | null } }>().log.note).toBe('Repainted?');
    const artwork = await artworkOf(third, artworkId);
    expect(artwork.description).toBe(FIRST_WORDS);
    expect(artwork.logs.map((l) => l.note)).toEqual(['Repainted?', 'Cap is blue now.', null]);
  });

  it('is empty when the first finder wrote nothing, and stays so', async () => {
    const [first, later] = [await signUp(t.app), await signUp(t.app)];
    const at = nextSpot();
    const pinned = await documented(first, at);
    await documented(later, near(at), { artworkId: pinned.artworkId, description: 'Words' });
    const artwork = await artworkOf(first, pinned.artworkId!);
    expect(artwork.description).toBe('');
    expect(artwork.logs.map((l) => l.note)).toEqual(['Words', null]);
  });
});

describe('bad words are refused and change nothing', () => {
  it('too long, not text, on a report, or replayed', async () => {
    const { artworkId, at } = await describedAndFound();
    const player = await signUp(t.app);
    const countLogs = async () =>
      (await t.db.select().from(artworkLogs).where(eq(artworkLogs.artworkId, artworkId))).length;
    const before = await countLogs();

    const tooLong = await document(player, near(at), { artworkId, description: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toMatch(/description/);
    const notText = await document(player, near(at), { artworkId, description: 42 });
    expect(notText.statusCode).toBe(400);
    const onReport = await player.request({
      method: 'POST',
      url: `/api/artworks/${artworkId}/logs`,
      payload: { kind: 'gone', ...near(at), description: 'Buffed, sadly' },
    });
    expect(onReport.statusCode).toBe(400);
    expect(onReport.json<{ message: string }>().message).toMatch(/description/);
    expect(await countLogs()).toBe(before);

    // The longest allowed note is kept whole; the same find again the same day is refused.
    const longest = 'y'.repeat(2000);
    await documented(player, near(at), { artworkId, description: longest });
    const again = await document(player, near(at), { artworkId, description: 'Overwrite' });
    expect(again.statusCode).toBe(409);
    const artwork = await artworkOf(player, artworkId);
    expect(artwork.description).toBe(FIRST_WORDS);
    expect(artwork.logs[0]!.note).toBe(longest);
    expect(await countLogs()).toBe(before + 1);
  });
});

describe('hidden words', () => {
  it('a hidden find’s note is not shown to others', async () => {
    const { later, artworkId, found } = await describedAndFound();
    await hide('discovery', found.id);
    const viewer = await signUp(t.app);
    const artwork = await artworkOf(viewer, artworkId);
    expect(artwork.logs.map((l) => l.note)).not.toContain('Cap is blue now.');
    expect(artwork.logs.map((l) => l.username)).not.toContain(later.username);
    // Hiding it does not touch the first finder's description.
    expect(artwork.description).toBe(FIRST_WORDS);
  });

  it('the description goes while the first find is hidden, and comes back', async () => {
    const { first, artworkId, pinned } = await describedAndFound();
    const viewer = await signUp(t.app);
    await hide('discovery', pinned.id);
    expect((await artworkOf(viewer, artworkId)).description).toBe('');
    await restore('discovery', pinned.id);
    expect((await artworkOf(viewer, artworkId)).description).toBe(FIRST_WORDS);

    const [log] = await t.db
      .select({ id: artworkLogs.id })
      .from(artworkLogs)
      .where(eq(artworkLogs.userId, first.id));
    await hide('artwork_log', log!.id);
    expect((await artworkOf(viewer, artworkId)).description).toBe('');
    await restore('artwork_log', log!.id);
    expect((await artworkOf(viewer, artworkId)).description).toBe(FIRST_WORDS);
  });
});

describe('moderators', () => {
  it('see a reported artwork’s description, and a reported find’s note', async () => {
    const { artworkId, found } = await describedAndFound();
    const reporter = await signUp(t.app);
    const [log] = await t.db
      .select({ id: artworkLogs.id })
      .from(artworkLogs)
      .where(eq(artworkLogs.discoveryId, found.id));
    for (const [targetType, targetId] of [
      ['artwork', artworkId],
      ['artwork_log', log!.id],
    ]) {
      const res = await report(reporter, { targetType, targetId, reason: 'abusive' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await mod.request({ url: '/api/moderation/queues' });
    const groups = res.json<ModerationQueues>().reports.items;
    const previewOf = (id: string) => groups.find((g) => g.targetId === id)?.preview;
    expect(previewOf(artworkId)).toMatchObject({ title: 'Koala', description: FIRST_WORDS });
    expect(previewOf(log!.id)).toMatchObject({ text: 'Cap is blue now.', description: null });
  });
});

describe('the first finder’s own data', () => {
  it('the download lists the description of the artworks they found first', async () => {
    const { first, artworkId } = await describedAndFound();
    const res = await first.request({ url: '/api/profile/export' });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const json = JSON.parse(new TextDecoder().decode(files[DATA_EXPORT_FILE])) as {
      artworksFirstFound: { id: string; title: string; description: string }[];
    };
    expect(json.artworksFirstFound).toEqual([
      expect.objectContaining({ id: artworkId, title: 'Koala', description: FIRST_WORDS }),
    ]);
  });

  it('deleting the account takes the description; the piece and its title stay', async () => {
    const { first, later, artworkId } = await describedAndFound();
    const res = await first.request({
      method: 'DELETE',
      url: '/api/profile',
      payload: { username: first.username, password: 'spray-paint-rules-42' },
    });
    expect(res.statusCode, res.body).toBe(204);
    const artwork = await artworkOf(later, artworkId);
    expect(artwork).toMatchObject({ title: 'Koala', description: '' });
    expect(artwork.logs.map((l) => l.note)).toEqual(['Cap is blue now.']);
    const [row] = await t.db.select().from(artworks).where(eq(artworks.id, artworkId));
    expect(row!.description).toBe('');
    expect(await t.db.select().from(discoveries).where(eq(discoveries.userId, first.id))).toEqual(
      [],
    );
  });
});
