import pg from 'pg';
import { grantRole } from '../src/server/admin/roles.ts';
import { withCommandDatabase } from '../src/server/process/cli-database.ts';
import { loadConfig } from '../src/server/config/config.ts';
import { createAccount } from '../src/server/services/users.ts';

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
// The compiled server, as `npm start` runs it.
await import(new URL('../dist/server/main.js', import.meta.url).href);
