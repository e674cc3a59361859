import pg from 'pg';

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
// The compiled server, as `npm start` runs it.
await import(new URL('../dist/server/main.js', import.meta.url).href);
