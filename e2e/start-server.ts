import pg from 'pg';
import { grantRole } from '../src/server/admin/roles.ts';
import { withCommandDatabase } from '../src/server/process/cli-database.ts';
import { loadConfig } from '../src/server/config/config.ts';
import { createAccount } from '../src/server/services/users.ts';
import { giveProMonth } from '../test/pro.ts';

/**
 * Starts the built server for the browser suite. With TEST_DATABASE_URL set (the Postgres pass)
 * it runs on a fresh Postgres database instead of PGlite.
 */
const url = process.env.TEST_DATABASE_URL;
if (url) {
  const name = process.env.E2E_DATABASE ?? 'streetscope_e2e';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  process.env.DATABASE_URL = target.toString();
}
// A moderator for the moderation spec, made before the server holds the embedded database's
// lock: signed up and granted the role by the same code as `npm run admin -- grant`.
const moderator = process.env.E2E_MODERATOR;
if (moderator) {
  const [username = '', password = ''] = moderator.split(':');
  await withCommandDatabase(async (db) => {
    await createAccount(db, { username, password }, loadConfig().passwordHashCost);
    await grantRole(db, { username, role: 'moderator', reason: 'Browser test moderator' });
  });
}
// A Pro player on the server in demo mode, which takes no payments: a month of Pro as a paid
// subscription leaves it (e2e/artist-video.spec.ts plays an artist's video as them).
const proPlayer = process.env.E2E_PRO_PLAYER;
if (proPlayer) {
  const [username = '', password = ''] = proPlayer.split(':');
  await withCommandDatabase(async (db) => {
    const id = await createAccount(db, { username, password }, loadConfig().passwordHashCost);
    await giveProMonth(db, id);
  });
}
// The compiled server, as `npm start` runs it.
await import(new URL('../dist/server/main.js', import.meta.url).href);
