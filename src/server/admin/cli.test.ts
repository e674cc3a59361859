import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runMain, useMigratedDataDir } from '../../../test/run-cli.ts';
import { openDatabase } from '../db/client.ts';
import { main } from './admin-command.ts';
import { users } from '../db/schema.ts';
import { moderationActions } from '../db/moderation-schema.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run admin -- <args>` as an operator runs it, on its own embedded database. */
const run = (...args: string[]) => runCli('src/server/admin/cli.ts', dataDir, args);
/** The same command in this process: one spawn of each kind proves the process around it. */
const call = (...args: string[]) => runMain(main, args, { DATA_DIR: dataDir });

/** Opens the command's database between runs (never while one runs: it is single-process). */
async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const state = () =>
  withDb(async (db) => ({
    users: await db
      .select({ username: users.username, role: users.role })
      .from(users)
      .orderBy(users.id),
    audit: await db.select().from(moderationActions).orderBy(moderationActions.createdAt),
  }));

describe('npm run admin', () => {
  it('refuses bad arguments with exit code 2 before opening the database', async () => {
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('npm run admin -- grant <moderator|admin> <username>');
    const badRole = await call('grant', 'owner', 'ada', '--reason', 'x');
    expect(badRole).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown role 'owner'"),
    });
    const noReason = await call('grant', 'moderator', 'ada');
    expect(noReason).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('A reason is required'),
    });
    const blankReason = await call('revoke', 'ada', '--reason', '  ');
    expect(blankReason).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('A reason is required'),
    });
    const unknownCommand = await call('promote', 'ada');
    expect(unknownCommand).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown command 'promote'"),
    });
    const unknownOption = await call('list', '--force');
    expect(unknownOption.code).toBe(2);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  }, 60_000);

  it('grants, lists and revokes, one audit row each; refusals write nothing', async () => {
    await useMigratedDataDir(dataDir);
    await withDb((db) =>
      db.insert(users).values([
        { id: 'u-ada', username: 'ada' },
        { id: 'u-bo', username: 'Bo' },
      ]),
    );
    const empty = await call('list');
    expect(empty).toMatchObject({ code: 0, stdout: 'No moderators or admins.\n' });

    const granted = await run('grant', 'moderator', 'ada', '--reason', 'Runs the meet-ups');
    expect(granted.stderr).toBe('');
    expect(granted).toMatchObject({ code: 0, stdout: 'ada is now moderator (was player).\n' });
    const admin = await call('grant', 'admin', 'bo', '--reason=Operator');
    expect(admin).toMatchObject({ code: 0, stdout: 'Bo is now admin (was player).\n' });
    const listed = await call('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^admin {6}Bo {2}since \S+Z\nmoderator {2}ada {2}since \S+Z\n$/);

    const before = await state();
    const again = await call('grant', 'moderator', 'ada', '--reason', 'again');
    expect(again).toMatchObject({ code: 2, stderr: 'ada is already moderator.\n' });
    const nobody = await call('grant', 'moderator', 'nobody', '--reason', 'x');
    expect(nobody).toMatchObject({ code: 2, stderr: "No player is called 'nobody'.\n" });
    expect(await state()).toEqual(before);

    const revoked = await call('revoke', 'ada', '--reason', 'Stepped down');
    expect(revoked).toMatchObject({ code: 0, stdout: 'ada is now a player (was moderator).\n' });
    const twice = await call('revoke', 'ada', '--reason', 'Stepped down');
    expect(twice).toMatchObject({ code: 2, stderr: 'ada has no staff role to revoke.\n' });

    const after = await state();
    expect(after.users).toEqual([
      { username: 'ada', role: 'player' },
      { username: 'Bo', role: 'admin' },
    ]);
    expect(
      after.audit.map((a) => [a.actorId, a.actorLabel, a.action, a.targetId, a.reason]),
    ).toEqual([
      [null, 'command line', 'grant_role', 'u-ada', 'Runs the meet-ups'],
      [null, 'command line', 'grant_role', 'u-bo', 'Operator'],
      [null, 'command line', 'revoke_role', 'u-ada', 'Stepped down'],
    ]);
  }, 120_000);
});
