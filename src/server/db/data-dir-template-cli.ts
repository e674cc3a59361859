/**
 * `node dist/server/db/data-dir-template-cli.js`: writes the migrated template a fresh embedded
 * DATA_DIR starts from, and the seeded one (run by `npm run build`; nothing to do when they are
 * current). With a folder, makes a migrated data directory there instead (what a start does
 * without a template, in a process of its own: docs/decisions/050).
 */
import { openDatabase } from './client.ts';
import { TEMPLATE_DIR, writeTemplates } from './data-dir-template.ts';
import { seedTemplate } from './seed.ts';

async function makeDataDir(dir: string, seed?: typeof seedTemplate): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await seed?.(database.db);
  await database.close();
}

const dir = process.argv[2];
if (dir) await makeDataDir(dir);
else {
  const written = await writeTemplates(makeDataDir, (aside) => makeDataDir(aside, seedTemplate));
  for (const template of written) console.log(`wrote ${template}`);
  if (written.length === 0) console.log(`${TEMPLATE_DIR} and its seeded copy are current`);
}
