import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/app.ts';
import { typeCheckClientCalls } from '../../../test/openapi-client.ts';

/**
 * The OpenAPI document is a product (DESIGN: API contract): what it promises must be what the
 * server does, and it must generate a client that type-checks. `npm run lint:api` holds it to
 * Redocly's rules; these tests hold it to the server.
 */
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  servers?: { url: string }[];
  info: { license?: { name: string } };
  components: { securitySchemes: Record<string, { name: string }> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json<Document>();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

const anyId = (path: string) => path.replace(/\{[^}]+\}/g, 'abcdefghijkl');
const needsSession = (op: Operation) => op.security?.some((s) => 'session' in s) ?? false;

describe('OpenAPI contract', () => {
  it('names every operation once and says who may call it', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ op }) => !op.security)).toEqual([]);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.components.securitySchemes.session?.name).toBe('ss_session');
  });

  it('declares the session (and its 401) exactly where a stranger gets 401', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      const res = await t.app.inject({ method: method as 'GET', url: anyId(path) });
      const declared = needsSession(op) && '401' in op.responses;
      if ((res.statusCode === 401) !== declared)
        wrong.push(`${method} ${path} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents the 400 that a NUL character in any input gets', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      const res = await t.app.inject({ method: method as 'GET', url: `${anyId(path)}?q=%00` });
      if (res.statusCode !== 400 || !op.responses['400']) wrong.push(`${method} ${path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents the 403 every cross-site state change gets', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      if (method === 'GET' || op.security?.some((s) => 'stripeSignature' in s)) continue;
      const res = await t.app.inject({
        method: method as 'POST',
        url: anyId(path),
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      if (res.statusCode !== 403 || !op.responses['403']) wrong.push(`${method} ${path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents sign-up refusing a taken name with 409, as the server does', async () => {
    const player = await signUp(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: player.username, password: 'spray-paint-rules-42' },
    });
    expect(again.statusCode).toBe(409);
    expect(doc.paths['/api/signup']?.post?.responses['409']).toBeDefined();
  });

  it('documents bodies as the server reads them, and photos as images', () => {
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op('/api/objects/upload', 'post')?.requestBody?.required).toBe(false);
    expect(op('/api/logout', 'post')?.requestBody).toBeUndefined();
    expect(op('/api/community/forum/{id}/like', 'post')?.requestBody).toBeUndefined();
    expect(
      Object.keys(op('/api/objects/uploads/{token}', 'put')?.requestBody?.content ?? {}),
    ).toEqual(['image/*', 'application/octet-stream']);
    for (const path of ['/objects/{id}', '/objects/{id}/thumbnail']) {
      expect(Object.keys(op(path, 'get')?.responses['200']?.content ?? {})).toEqual(['image/webp']);
    }
  });

  it('generates a typed client whose calls type-check, and whose wrong calls do not', async () => {
    expect(await typeCheckClientCalls(doc)).toEqual([]);
  });
});
