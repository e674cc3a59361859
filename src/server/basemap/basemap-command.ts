import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extractRegion, parseBbox } from './pmtiles-extract.ts';

/**
 * `npm run basemap -- --bbox w,s,e,n --source <planet .pmtiles URL or file> --out <file>
 * [--maxzoom n]`: the street map of a region, for MAP_BASEMAP_PMTILES.
 */
const USAGE =
  'usage: npm run basemap -- --bbox west,south,east,north --source <.pmtiles URL or file> --out <file.pmtiles> [--maxzoom 15]';

/** The command run on `argv` (what follows the script on its command line); its exit code. */
export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        bbox: { type: 'string' },
        source: { type: 'string' },
        out: { type: 'string' },
        maxzoom: { type: 'string' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.bbox || !values.source || !values.out) {
    console.error(USAGE);
    return 2;
  }
  const box = parseBbox(values.bbox);
  const maxZoom = values.maxzoom === undefined ? undefined : Number(values.maxzoom);
  const problem =
    typeof box === 'string'
      ? box
      : maxZoom !== undefined && !(Number.isInteger(maxZoom) && maxZoom >= 0 && maxZoom <= 22)
        ? '--maxzoom must be a whole number from 0 to 22'
        : null;
  if (problem || typeof box === 'string') {
    console.error(`${problem}\n${USAGE}`);
    return 2;
  }
  const { archive, tiles } = await extractRegion(values.source, box, { maxZoom });
  if (tiles === 0) {
    console.error('The source has no tiles inside --bbox; nothing was written.');
    return 1;
  }
  await mkdir(path.dirname(path.resolve(values.out)), { recursive: true });
  await writeFile(values.out, archive);
  console.log(`Wrote ${tiles} tiles (${archive.length} bytes) to ${values.out}.`);
  return 0;
}
