import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { grantRole } from '../admin/roles.ts';
import { MIGRATIONS_DIR, rowsOf } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { moderationActions } from '../db/moderation-schema.ts';

/**
 * The role is shown to the signed-in player and to nobody's request can it be changed
 * (docs/decisions/025-roles-and-audit-log.md): only `npm run admin` grants one.
 */

let t: TestApp;
let player: Player;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  player = await signUp(t.app);
});
afterAll(() => t.close());

const me = async (p: Player) =>
  (await p.request({ url: '/api/auth/user' })).json<{ role: string }>();
const roleInDb = async (id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe('the role in the signed-in user payload', () => {
  it('is player for a new account, next to every other field', async () => {
    expect(await me(player)).toEqual({
      id: player.id,
      username: player.username,
      profileImageUrl: null,
      createdAt: expect.any(String),
      level: 1,
      discoveries: 0,
      firstFinds: 0,
      tokens: 0,
      score: 0,
      isPro: false,
      role: 'player',
      suspendedUntil: null,
    });
  });

  it('shows a role granted from the command line on the next request', async () => {
    const staff = await signUp(t.app);
    await grantRole(t.db, { username: staff.username, role: 'moderator', reason: 'test' });
    expect((await me(staff)).role).toBe('moderator');
  });
});

describe('no HTTP route changes a role', () => {
  it('sign-up ignores a role in the body, as JSON or as a form', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: 'would_be_admin', password: 'spray-paint-rules-42', role: 'admin' },
    });
    expect(json.statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: new URLSearchParams({
        username: 'would_be_admin2',
        password: 'spray-paint-rules-42',
        role: 'admin',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(303);
    const rows = await t.db
      .select({ role: users.role })
      .from(users)
      .where(sql`${users.username} in ('would_be_admin', 'would_be_admin2')`);
    expect(rows).toEqual([{ role: 'player' }, { role: 'player' }]);
  });

  it('the profile-picture update ignores a role in the body', async () => {
    const imageUrl = await uploadPhoto(player, 'profile');
    const res = await player.request({
      method: 'PUT',
      url: '/api/profile/picture',
      payload: { imageUrl, role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profileImageUrl: imageUrl, role: 'player' });
    expect(await roleInDb(player.id)).toBe('player');
  });

  it('there is no route to PATCH, PUT or POST the user or a role', async () => {
    for (const method of ['PATCH', 'PUT', 'POST'] as const) {
      for (const url of ['/api/auth/user', '/api/profile', '/api/users/me', '/api/admin/roles']) {
        const res = await player.request({ method, url, payload: { role: 'admin' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(await roleInDb(player.id)).toBe('player');
    expect(await t.db.select().from(moderationActions)).toHaveLength(1); // the grant above
  });

  it('no request body in the API document has a role field', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const found: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as Record<string, unknown>;
      const props = s.properties as Record<string, unknown> | undefined;
      if (props && 'role' in props) found.push(where);
      for (const value of Object.values(s)) walk(value, where);
    };
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        walk((op as { requestBody?: unknown }).requestBody, `${method} ${route}`);
      }
    }
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
    expect(found).toEqual([]);
    // The walk does find the field where it is: in the user payload the API answers with.
    walk(doc.paths['/api/auth/user']?.get, 'get /api/auth/user');
    expect(found).toEqual(['get /api/auth/user']);
  });
});

describe('migration 0010 (roles and audit log)', () => {
  it('changes nothing when its SQL runs again', async () => {
    const snapshot = async () => ({
      users: rowsOf(await t.db.execute(sql`select id, role from users order by id`)),
      audit: rowsOf(await t.db.execute(sql`select * from moderation_actions order by id`)),
      constraints: rowsOf(
        await t.db.execute(sql`
          select conname from pg_constraint
          where conrelid in ('users'::regclass, 'moderation_actions'::regclass) order by conname`),
      ),
      indexes: rowsOf(
        await t.db.execute(sql`
          select indexname from pg_indexes where tablename = 'moderation_actions' order by 1`),
      ),
    });
    const before = await snapshot();
    expect(before.indexes).toEqual([
      { indexname: 'moderation_actions_created_idx' },
      { indexname: 'moderation_actions_pkey' },
      { indexname: 'moderation_actions_target_idx' },
    ]);
    const file = readFileSync(path.join(MIGRATIONS_DIR, '0010_roles_and_audit_log.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }
    expect(await snapshot()).toEqual(before);
  });
});
