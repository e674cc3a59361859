import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { moderationActions } from '../db/moderation-schema.ts';
import { grantRole, listStaff, revokeRole, RoleRefusal } from './roles.ts';

/** Granting and revoking roles on a real database: one audit row per change, refusals write nothing. */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values([
    { id: 'u-ada', username: 'Ada' },
    { id: 'u-bo', username: 'bo' },
    { id: 'u-cy', username: 'cy' },
    { id: 'u-di', username: 'di' },
  ]);
});
afterAll(() => database.close());

const roleOf = async (id: string) =>
  (await database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

const auditOf = (id: string) =>
  database.db
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.targetId, id))
    .orderBy(moderationActions.createdAt);

const everything = async () => ({
  users: await database.db.select({ id: users.id, role: users.role }).from(users).orderBy(users.id),
  audit: await database.db.select().from(moderationActions).orderBy(moderationActions.id),
});

describe('grantRole and revokeRole', () => {
  it('every account starts as a player', async () => {
    expect(await roleOf('u-ada')).toBe('player');
  });

  it('grants a role by name, whatever its case, and logs who, what and why', async () => {
    const change = await grantRole(database.db, {
      username: 'ADA',
      role: 'moderator',
      reason: '  Runs the Brisbane meet-ups  ',
    });
    expect(change).toMatchObject({
      userId: 'u-ada',
      username: 'Ada',
      from: 'player',
      to: 'moderator',
    });
    expect(await roleOf('u-ada')).toBe('moderator');
    const audit = await auditOf('u-ada');
    expect(audit).toEqual([
      {
        id: change.auditId,
        actorId: null,
        actorLabel: 'command line',
        action: 'grant_role',
        targetType: 'user',
        targetId: 'u-ada',
        reason: 'Runs the Brisbane meet-ups',
        details: { username: 'Ada', from: 'player', to: 'moderator' },
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('changes one staff role for the other, then revokes back to player', async () => {
    await grantRole(database.db, { username: 'bo', role: 'moderator', reason: 'trial' });
    const promoted = await grantRole(database.db, { username: 'bo', role: 'admin', reason: 'ops' });
    expect(promoted).toMatchObject({ from: 'moderator', to: 'admin' });
    const revoked = await revokeRole(database.db, { username: 'bo', reason: 'left the team' });
    expect(revoked).toMatchObject({ from: 'admin', to: 'player' });
    expect(await roleOf('u-bo')).toBe('player');
    expect((await auditOf('u-bo')).map((a) => [a.action, a.details])).toEqual([
      ['grant_role', { username: 'bo', from: 'player', to: 'moderator' }],
      ['grant_role', { username: 'bo', from: 'moderator', to: 'admin' }],
      ['revoke_role', { username: 'bo', from: 'admin', to: 'player' }],
    ]);
  });

  it('refuses, changing nothing: unknown player, bad role, no reason, a role already held', async () => {
    await grantRole(database.db, { username: 'cy', role: 'admin', reason: 'founder' });
    const before = await everything();
    const refusals: [() => Promise<unknown>, string][] = [
      [
        () => grantRole(database.db, { username: 'nobody', role: 'moderator', reason: 'x' }),
        "No player is called 'nobody'.",
      ],
      [
        () => grantRole(database.db, { username: 'di', role: 'owner', reason: 'x' }),
        "Unknown role 'owner'",
      ],
      [
        () => grantRole(database.db, { username: 'di', role: 'player', reason: 'x' }),
        "Unknown role 'player'",
      ],
      [
        () => grantRole(database.db, { username: 'di', role: 'moderator', reason: '   ' }),
        'A reason is required',
      ],
      [
        () => grantRole(database.db, { username: 'di', role: 'moderator', reason: undefined }),
        'A reason is required',
      ],
      [
        () =>
          grantRole(database.db, { username: 'di', role: 'moderator', reason: 'x'.repeat(501) }),
        'at most 500',
      ],
      [
        () => grantRole(database.db, { username: 'cy', role: 'admin', reason: 'again' }),
        'cy is already admin.',
      ],
      [
        () => revokeRole(database.db, { username: 'di', reason: 'x' }),
        'di has no staff role to revoke.',
      ],
      [() => revokeRole(database.db, { username: 'cy', reason: '' }), 'A reason is required'],
      [
        () => revokeRole(database.db, { username: 'ghost', reason: 'x' }),
        "No player is called 'ghost'.",
      ],
    ];
    for (const [attempt, message] of refusals) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RoleRefusal);
      expect((err as Error).message).toContain(message);
    }
    expect(await everything()).toEqual(before);
  });

  it('writes the role and its audit row in one transaction: no audit row, no role', async () => {
    // Make the audit insert fail for real (a constraint new rows cannot meet).
    await database.db.execute(
      sql`alter table moderation_actions add constraint audit_closed check (false) not valid`,
    );
    try {
      await expect(
        grantRole(database.db, { username: 'di', role: 'moderator', reason: 'x' }),
      ).rejects.toThrow();
      expect(await roleOf('u-di')).toBe('player');
      expect(await auditOf('u-di')).toEqual([]);
    } finally {
      await database.db.execute(sql`alter table moderation_actions drop constraint audit_closed`);
    }
  });

  it(
    'two grants of the same role at once: one changes it, the other is refused',
    { tags: ['concurrency'] },
    async () => {
      const results = await Promise.allSettled([
        grantRole(database.db, { username: 'di', role: 'moderator', reason: 'one' }),
        grantRole(database.db, { username: 'di', role: 'moderator', reason: 'two' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.reason).toBeInstanceOf(RoleRefusal);
      expect(await auditOf('u-di')).toHaveLength(1);
    },
  );

  it('the database itself refuses a role that is not one of the three', async () => {
    await expect(
      database.db.execute(sql`update users set role = 'owner' where id = 'u-di'`),
    ).rejects.toThrow();
    expect(await roleOf('u-di')).toBe('moderator');
  });
});

describe('listStaff', () => {
  it('lists moderators and admins, admins first, with when their role last changed', async () => {
    const staff = await listStaff(database.db);
    expect(staff).toEqual([
      { username: 'cy', role: 'admin', changedAt: expect.any(Date) },
      { username: 'Ada', role: 'moderator', changedAt: expect.any(Date) },
      { username: 'di', role: 'moderator', changedAt: expect.any(Date) },
    ]);
    const [lastDi] = (await auditOf('u-di')).slice(-1);
    expect(staff[2]!.changedAt!.getTime()).toBe(lastDi!.createdAt.getTime());
  });
});
