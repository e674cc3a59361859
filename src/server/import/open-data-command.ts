import { parseArgs } from 'node:util';
import { withCommandDatabase } from '../process/cli-database.ts';
import { formatOpenDataReport } from './import-open-data.ts';
import { importSource, readListing } from './run-import.ts';
import { SOURCES } from './sources.ts';

const USAGE = `Usage: npm run import -- <source> [file|url] [--city NAME] [--country NAME]

Imports artworks and legal walls from an open-data source into the database that
DATABASE_URL / DATA_DIR point at. Without a file or URL it fetches the source's live
endpoint, page by page. --city and --country fill walls that lack them (Overpass).
A record that cannot be used is refused with its place and the reason, and the rest are
imported. Exit status: 0 when records were read, 1 when the input cannot be read or holds
no usable record, 2 for a usage error.
Known sources:
${SOURCES.map((s) => `  ${s.id.padEnd(28)} ${s.publisher}, ${s.name} (${s.format})`).join('\n')}`;

/** The command run on `argv` (what follows the script on its command line); its exit code. */
export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      city: { type: 'string' },
      country: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length < 1 || positionals.length > 2) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const [sourceId, input] = positionals as [string, string | undefined];
  if (!SOURCES.some((s) => s.id === sourceId)) {
    console.error(`Unknown source '${sourceId}'.\n\n${USAGE}`);
    return 2;
  }
  const listing = await readListing(sourceId, input);

  const report = await withCommandDatabase((db) => importSource(db, sourceId, listing, values));
  console.log(formatOpenDataReport(report));
  if (report.usable === 0) {
    console.error(`Nothing imported: no usable record in ${input ?? sourceId}.`);
    return 1;
  }
  return 0;
}
