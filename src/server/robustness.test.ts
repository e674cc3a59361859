import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_LIMIT,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../test/app.ts';

/**
 * Every route, signed in, with hostile input: no request a player can craft may get a 5xx.
 * The route list comes from the OpenAPI document, so a new route is covered automatically.
 */
let t: TestApp;
let player: Player;
/** A JSON schema as the OpenAPI document gives a request body (no $ref there). */
interface BodySchema {
  properties?: Record<string, unknown>;
  anyOf?: BodySchema[];
  oneOf?: BodySchema[];
  allOf?: BodySchema[];
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: BodySchema }> };
}
let routes: { method: string; path: string; fields: string[] }[];
let photo: string;

beforeAll(async () => {
  t = await createTestApp({
    limits: { writesPerUser: NO_LIMIT },
  });
  player = await signUp(t.app);
  photo = await uploadPhoto(player);
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      fields: declaredFields(op.requestBody?.content?.['application/json']?.schema),
    })),
  );
});
afterAll(() => t.close());

const hostileStrings = [
  '',
  ' ',
  'x'.repeat(10_000),
  '../../etc/passwd',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '🎨'.repeat(500),
  '\u0000',
  'NaN',
  '-1',
  '1e309',
];

const hostileValues: unknown[] = [null, true, -1, Number.MAX_VALUE, 3.5, [], {}, ...hostileStrings];

const hostileBodies: unknown[] = [
  null,
  [],
  'just a string',
  42,
  { __proto__: { tokens: 1 } },
  { constructor: { prototype: { admin: true } } },
];

/** The fields a JSON body may have, in any branch of its schema. */
function declaredFields(schema: BodySchema | undefined): string[] {
  if (!schema) return [];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [
    ...new Set([...Object.keys(schema.properties ?? {}), ...branches.flatMap(declaredFields)]),
  ];
}

function fillPath(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

describe('hostile input never causes a server error', () => {
  it('covers a meaningful number of routes', () => {
    expect(routes.length).toBeGreaterThan(25);
    // ...and their bodies' fields, which the hostile field values go into.
    expect(routes.filter((r) => r.fields.length > 0).length).toBeGreaterThan(25);
  });

  it('survives hostile path parameters and query strings', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const value of hostileStrings) {
        const url = `${fillPath(path, value)}?latitude=${encodeURIComponent(value)}&longitude=${encodeURIComponent(value)}&radius=${encodeURIComponent(value)}&limit=${encodeURIComponent(value)}&before=${encodeURIComponent(value)}&returnTo=${encodeURIComponent(value)}`;
        const res = await player.request({ method: method as 'GET', url });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url.slice(0, 120)} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL characters in otherwise valid input with a 400', async () => {
    const res = await player.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'wall\u0000', latitude: 1, longitude: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('NUL');
  });

  it('refuses a 20,000-level nested JSON body with a 400', async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const deepList = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    for (const [url, payload] of [
      ['/api/discoveries', deep],
      ['/api/markers', deepList],
      ['/api/signup', deep],
    ] as const) {
      const res = await player.request({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('The request is nested too deeply.');
    }
  });

  it('survives hostile bodies and hostile field values', async () => {
    const failures: string[] = [];
    // Fields a handler could read without declaring them: mass assignment and the like.
    const common = [
      'name',
      'description',
      'latitude',
      'longitude',
      'imageUrl',
      'emojiPin',
      'userRole',
      'isFreshArt',
      'artistName',
      'label',
      'title',
      'content',
      'parentId',
      'artType',
      'purpose',
      'username',
      'password',
      'tokensAwarded',
      'metadata',
      'kind',
      'artworkId',
      'newArtworkId',
    ];
    const writes = routes.filter((r) => ['POST', 'PUT', 'DELETE'].includes(r.method));
    for (const { method, path, fields } of writes) {
      const url = fillPath(path, 'some-id');
      const payloads: unknown[] = [...hostileBodies];
      // Each declared field alone with each hostile value, as its validation meets it.
      for (const field of fields) {
        for (const value of hostileValues) payloads.push({ [field]: value });
      }
      // The undeclared ones all at once per value: a body the schema does not describe at all.
      const undeclared = common.filter((field) => !fields.includes(field));
      for (const value of hostileValues) {
        payloads.push(Object.fromEntries(undeclared.map((field) => [field, value])));
      }
      for (const payload of payloads) {
        const res = await player.request({
          method: method as 'POST',
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        if (res.statusCode >= 500) {
          failures.push(
            `${method} ${url} ${JSON.stringify(payload).slice(0, 80)} -> ${res.statusCode}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // Thousands of requests, one after another: the time grows with the routes.
  }, 180_000);

  it('survives hostile values in each field of an otherwise valid body', async () => {
    const valid: Record<string, Record<string, unknown>> = {
      'POST /api/discoveries': { name: 'Wall', latitude: -28, longitude: 153, imageUrl: photo },
      'POST /api/discoveries/graffiti': {
        name: 'Piece',
        latitude: -28,
        longitude: 153,
        imageUrl: photo,
        artistName: 'Someone',
      },
      'POST /api/markers': { latitude: -28, longitude: 153, emojiPin: 'flag', label: 'here' },
      'POST /api/community/forum': { title: 'Hi', content: 'Hello walls' },
      'POST /api/profile/art': { imageUrl: photo, title: 'Mine', artType: 'sketch' },
      'PUT /api/profile/picture': { imageUrl: photo },
      'POST /api/objects/upload': { purpose: 'gallery' },
      'POST /api/artworks/matches': { imageUrl: photo, latitude: -28, longitude: 153 },
      'POST /api/artworks/some-id/logs': {
        kind: 'painted_over',
        latitude: -28,
        longitude: 153,
        imageUrl: photo,
        newArtworkId: 'other-id',
      },
    };
    const failures: string[] = [];
    for (const [route, base] of Object.entries(valid)) {
      const [method, url] = route.split(' ') as ['POST', string];
      for (const field of Object.keys(base)) {
        for (const value of hostileValues) {
          const payload = JSON.stringify({ ...base, [field]: value });
          const res = await player.request({
            method,
            url,
            payload,
            headers: { 'content-type': 'application/json' },
          });
          if (res.statusCode >= 500)
            failures.push(`${route} ${field}=${String(value).slice(0, 20)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
