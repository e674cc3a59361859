import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { startPhotoHost } from '../../../test/photo-host.ts';
import { objects, uploadTokens } from '../db/schema.ts';

/**
 * Links the server must not follow (server-side request forgery) and bad requests: each a clear
 * 4xx that stores nothing and, where the link is refused before fetching, reaches no host.
 */

const host = await startPhotoHost();
host.file('/mural.png', uniquePhoto(), 'image/png');

let t: TestApp;
let alice: Player;
beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { photoImportTestOrigins: [host.origin] } });
  alice = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  await host.close();
});

const PRIVATE = 'That link leads to a private or local address, which cannot be imported.';

const importLink = (player: Player, payload: unknown) =>
  player.request({ method: 'POST', url: '/api/objects/import', payload: payload as object });

/** Photos, upload links and staged bytes: none may appear for a refused link. */
async function stored() {
  const staged: string[] = [];
  for await (const id of t.app.objectStore.list('staging')) staged.push(id);
  return {
    objects: (await t.db.select().from(objects)).length,
    links: (await t.db.select().from(uploadTokens)).length,
    staged,
  };
}

async function expectRefused(payload: unknown, status: number, message: string | RegExp) {
  const before = await stored();
  const res = await importLink(alice, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ message: string }>().message).toMatch(message);
  expect(await stored()).toEqual(before);
}

const PRIVATE_LINKS = [
  'http://127.0.0.1/mural.png',
  'http://[::1]/mural.png',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/mural.png',
  'http://172.16.0.1/mural.png',
  'http://192.168.1.1/mural.png',
  'http://100.64.0.1/mural.png',
  'http://[fc00::1]/mural.png',
  'http://[fe80::1]/mural.png',
  'http://0.0.0.0/mural.png',
  'http://[::]/mural.png',
  'http://[::ffff:127.0.0.1]/mural.png',
  'http://224.0.0.1/mural.png',
  // Written as a number, still 127.0.0.1.
  'http://2130706433/mural.png',
  // A name that resolves to loopback: refused before any connection.
  'http://localhost/mural.png',
];

describe('private and local addresses', () => {
  it.each(PRIVATE_LINKS)('refuses %s with 400, storing nothing', async (link) => {
    await expectRefused({ url: link }, 400, PRIVATE);
  });

  it.each(PRIVATE_LINKS)('refuses a redirect to %s, storing nothing', async (link) => {
    const path = `/to/${encodeURIComponent(link)}`;
    host.redirect(path, link);
    await expectRefused({ url: `${host.origin}${path}` }, 400, PRIVATE);
  });

  it('refuses the allowed test host under another name or port', async () => {
    host.redirect('/to-localhost', `http://localhost:${host.port}/mural.png`);
    const hits = host.hits.length;
    await expectRefused({ url: `${host.origin}/to-localhost` }, 400, /port/);
    await expectRefused({ url: `http://localhost:${host.port}/mural.png` }, 400, /port/);
    expect(host.hits.slice(hits)).toEqual(['/to-localhost']);
  });
});

describe('redirects', () => {
  // /hop/4 -> /hop/3 -> /hop/2 -> /hop/1 -> /mural.png
  for (let n = 1; n <= 4; n++) {
    host.redirect(`/hop/${n}`, n === 1 ? '/mural.png' : `/hop/${n - 1}`);
  }

  it('follows up to three redirects', async () => {
    const res = await importLink(alice, { url: `${host.origin}/hop/3`, purpose: 'gallery' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a fourth, storing nothing', async () => {
    const hits = host.hits.length;
    await expectRefused({ url: `${host.origin}/hop/4` }, 400, 'redirects more than 3 times');
    expect(host.hits.slice(hits)).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
  });
});

describe('bad requests', () => {
  it.each([
    ['no link', {}, /url/],
    ['a number', { url: 42 }, /url/],
    ['an empty link', { url: '  ' }, /url/],
    ['a link too long', { url: `https://example.com/${'a'.repeat(2100)}.jpg` }, /url/],
    ['words', { url: 'my photo please' }, /url/],
    ['an ftp link', { url: 'ftp://example.com/a.jpg' }, /url/],
    ['a file link', { url: 'file:///etc/passwd' }, /url/],
    ['a script', { url: 'javascript:alert(1)' }, /url/],
    ['a data URL', { url: 'data:image/png;base64,iVBORw0KGgo=' }, /url/],
    ['a link with credentials', { url: 'http://me:secret@example.com/a.jpg' }, /url/],
    ['an unusual port', { url: 'http://example.com:22/a.jpg' }, /port/],
    ['an unknown purpose', { url: `${host.origin}/mural.png`, purpose: 'selfie' }, /purpose/],
  ])('refuses %s with 400', async (_, payload, message) => {
    const hits = host.hits.length;
    await expectRefused(payload, 400, message);
    expect(host.hits.length).toBe(hits);
  });

  it('refuses a signed-out request with 401, fetching nothing', async () => {
    const hits = host.hits.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/objects/import',
      payload: { url: `${host.origin}/mural.png` },
    });
    expect(res.statusCode).toBe(401);
    expect(host.hits.length).toBe(hits);
  });
});
