import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  findArtwork,
  pinArtwork,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import type { Artwork } from '../../core/schemas/artworks.ts';

/**
 * A shared artwork link previews in chat apps: the server writes OpenGraph and Twitter card
 * tags into the page's head for /art/:id, for anyone, without a session and without naming
 * players (docs/decisions/022-artwork-page-and-share-tags.md).
 */

let t: TestApp;
let clientDir: string;
let pinner: Player;
let finder: Player;
let artworkId: string;
let cover: string;

const SPOT = { latitude: -27.4705, longitude: 153.0235 };

beforeAll(async () => {
  // The page the built client would serve: the source index.html has the same head.
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-client-'));
  copyFileSync(
    new URL('../../client/index.html', import.meta.url),
    path.join(clientDir, 'index.html'),
  );
  t = await createTestApp({ seed: false, config: { clientDir, trustProxy: ['127.0.0.1'] } });
  pinner = await signUp(t.app);
  finder = await signUp(t.app);
  artworkId = await pinArtwork(pinner, SPOT, { name: 'Koala & Friends' });
  await findArtwork(finder, artworkId, {
    latitude: SPOT.latitude + 0.0001,
    longitude: SPOT.longitude,
  });
  const artwork = (await finder.request({ url: `/api/artworks/${artworkId}` })).json<Artwork>();
  cover = artwork.coverImageUrl!;
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The page as a chat app's crawler fetches it: no cookie. */
async function sharedPage(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers: { host: 'streetscope.example', ...headers } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1] ?? null;

describe('GET /art/:id signed out', () => {
  it('carries the cover as an absolute og:image, the title and a public description', async () => {
    const html = await sharedPage(`/art/${artworkId}`);
    expect(cover).toMatch(/^\/objects\//);
    expect(metaContent(html, 'og:image')).toBe(`http://streetscope.example${cover}`);
    expect(metaContent(html, 'twitter:image')).toBe(`http://streetscope.example${cover}`);
    expect(metaContent(html, 'og:url')).toBe(`http://streetscope.example/art/${artworkId}`);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:title')).toBe('Koala &amp; Friends');
    expect(metaContent(html, 'twitter:title')).toBe('Koala &amp; Friends');
    expect(html).toContain('<title>Koala &amp; Friends · StreetScope</title>');
    expect(metaContent(html, 'og:description')).toBe(
      'Street art, artist unknown — found by 2 players on StreetScope. Still there.',
    );
    // One title and one description: the page's own were replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // Still the app: its script and root element are there.
    expect(html).toContain('<div id="root">');
  });

  it('names no player: neither the finders nor anyone else', async () => {
    const html = await sharedPage(`/art/${artworkId}`);
    expect(html).not.toContain(pinner.username);
    expect(html).not.toContain(finder.username);
    expect(html).not.toContain(pinner.id);
    expect(html).not.toContain(String(SPOT.latitude));
  });

  it('serves the cover photo itself to a client without a session', async () => {
    const res = await t.app.inject({ url: cover });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });

  it('escapes a title and an artist that look like markup', async () => {
    const imageUrl = await uploadPhoto(pinner, 'graffiti');
    const res = await pinner.request({
      method: 'POST',
      url: '/api/discoveries/graffiti',
      payload: {
        name: '</title><script>alert("x")</script>',
        artistName: "O'Neil <b>",
        // Within walking distance of the first, or the travel check holds it for review.
        latitude: SPOT.latitude - 0.003,
        longitude: SPOT.longitude,
        imageUrl,
      },
    });
    expect(res.statusCode).toBe(201);
    const html = await sharedPage(`/art/${res.json<{ artworkId: string }>().artworkId}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; · StreetScope</title>',
    );
    expect(metaContent(html, 'og:title')).toBe(
      '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
    expect(metaContent(html, 'og:description')).toBe(
      'Street art by O&#39;Neil &lt;b&gt; — found by 1 player on StreetScope. Still there.',
    );
  });

  it('builds absolute URLs from what a trusted proxy says, and only a trusted one', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'art.example.org' };
    const viaProxy = await sharedPage(`/art/${artworkId}`, forwarded);
    expect(metaContent(viaProxy, 'og:image')).toBe(`https://art.example.org${cover}`);

    const untrusted = await t.app.inject({
      url: `/art/${artworkId}`,
      remoteAddress: '203.0.113.9',
      headers: { host: 'streetscope.example', ...forwarded },
    });
    expect(metaContent(untrusted.body, 'og:image')).toBe(`http://streetscope.example${cover}`);
  });

  it('gives an unknown artwork, a malformed id and other pages the plain page', async () => {
    const plain = await sharedPage('/');
    expect(plain).toContain('<title>StreetScope · Street Art Geocaching Game</title>');
    expect(plain).not.toContain('og:image');
    for (const url of ['/art/no-such-artwork', `/art/${'x'.repeat(101)}`, '/art/a/b']) {
      expect(await sharedPage(url)).toBe(plain);
    }
    // A path that is not even a URL is refused before any page, not a crash.
    expect((await t.app.inject({ url: '/art/%E0%A4%A' })).statusCode).toBe(400);
  });

  it('gives an artwork without a photo the plain page', async () => {
    const res = await pinner.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'No photo', latitude: SPOT.latitude + 0.003, longitude: SPOT.longitude },
    });
    expect(res.statusCode).toBe(201);
    const html = await sharedPage(`/art/${res.json<{ artworkId: string }>().artworkId}`);
    expect(html).toBe(await sharedPage('/'));
  });
});
