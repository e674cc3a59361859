import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runCommand, withCommandDatabase } from '../process/cli-database.ts';
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

  const report = await withCommandDatabase((db) => importWalls(db, records, values));
  console.log(formatReport(report));
  return 0;
}

runCommand(main);
