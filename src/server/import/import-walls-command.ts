import { parseArgs } from 'node:util';
import { withCommandDatabase } from '../process/cli-database.ts';
import { formatReport, readWalls, storeWalls } from './import-walls.ts';
import { readWallFile } from './wall-sources.ts';

const USAGE = `Usage: npm run import:walls -- <file> [--city NAME] [--country NAME] [--source TEXT]

Imports legal walls from OpenStreetMap Overpass JSON (nodes and ways tagged
leisure=drawing_surface or graffiti=yes), GeoJSON or CSV into the database that
DATABASE_URL / DATA_DIR point at. --city, --country and --source fill records that lack
them. Walls within 50 m are merged; curated walls and player data are never changed.
A record that cannot be used is refused with its line (CSV) or feature number and the
reason, and the rest are imported. Exit status: 0 when walls were read, 1 when the file
cannot be read or holds no usable record, 2 for a usage error.`;

/** The command run on `argv` (what follows the script on its command line); its exit code. */
export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
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
  // The whole file is read and checked before the database is opened.
  const read = await readWalls(readWallFile(file), values);
  const report = read.kept.length
    ? await withCommandDatabase((db) => storeWalls(db, read))
    : read.report;
  console.log(formatReport(report));
  if (read.kept.length === 0) {
    console.error(
      report.refused.length
        ? `Nothing imported: every record in ${file} was refused.`
        : `Nothing imported: ${file} holds no records.`,
    );
    return 1;
  }
  return 0;
}
