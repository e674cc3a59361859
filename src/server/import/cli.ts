import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { openDatabase } from '../db/client.ts';
import { formatReport, importWalls } from './import-walls.ts';
import { readWallFile } from './wall-sources.ts';

const USAGE = `Usage: npm run import:walls -- <file> [--city NAME] [--country NAME] [--source TEXT]

Imports legal walls from OpenStreetMap Overpass JSON (nodes and ways tagged
leisure=drawing_surface or graffiti=yes), GeoJSON or CSV into the database that
DATABASE_URL / DATA_DIR point at. --city, --country and --source fill records that lack
them. Walls within 50 m are merged; curated walls and player data are never changed.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      city: { type: 'string' },
      country: { type: 'string' },
      source: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const file = positionals[0]!;
  const records = readWallFile(file, readFileSync(file, 'utf8'));

  const config = loadConfig();
  // The embedded database allows one process: stop the app first (the lock says so if not).
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    const report = await importWalls(database.db, records, values);
    console.log(formatReport(report));
    return 0;
  } finally {
    await database.close();
    unlock();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
