/**
 * `node dist/server/db/data-dir-template-cli.js`: writes the migrated template a fresh embedded
 * DATA_DIR starts from (run by `npm run build`; nothing to do when it is current). With a
 * folder, makes a migrated data directory there instead (what a start does without a template,
 * in a process of its own: docs/decisions/050).
 */
import { openDatabase } from './client.ts';
import { TEMPLATE_DIR, writeTemplate } from './data-dir-template.ts';

async function makeDataDir(dir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.close();
}

const dir = process.argv[2];
if (dir) await makeDataDir(dir);
else if (await writeTemplate(makeDataDir)) console.log(`wrote ${TEMPLATE_DIR}`);
else console.log(`${TEMPLATE_DIR} is current`);
