// `npm run lint:api` step 1: writes the app's OpenAPI document to a file for `redocly lint`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config/config.ts';
import { openDatabase } from '../src/server/db/client.ts';

const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-openapi-'));
// Payments on and local photo storage, so every conditional route is in the document.
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  STRIPE_SECRET_KEY: 'sk_test_openapi',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_openapi',
  STRIPE_PRICE_ID: 'price_openapi',
  STRIPE_WEBHOOK_SECRET: 'whsec_openapi',
});
const database = await openDatabase({ kind: 'pglite-instance', client: await PGlite.create() });
const app = await buildApp(config, database);
try {
  await app.ready();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), out)}`);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
