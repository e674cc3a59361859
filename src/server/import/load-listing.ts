import { readFile } from 'node:fs/promises';
import { arcgis } from './formats/arcgis.ts';
import { ckan } from './formats/ckan.ts';
import { csvPage } from './formats/csv.ts';
import { geojson } from './formats/geojson.ts';
import { opendatasoft } from './formats/opendatasoft.ts';
import { overpass } from './formats/overpass.ts';
import type { Page, SourceRow } from './formats/page.ts';
import { socrata } from './formats/socrata.ts';

/** Every payload shape, tried in order (ArcGIS before GeoJSON: both hold `features`). */
const FORMATS = [opendatasoft, socrata, arcgis, geojson, ckan, overpass];

/** A guard against a server that keeps saying "more": no source we know is this long. */
const MAX_PAGES = 1000;

export interface Listing {
  rows: SourceRow[];
  /** False when the input says it holds only part of the source (e.g. one saved page). */
  complete: boolean;
  pages: number;
}

/** Reads one page's body: JSON in any known shape, or CSV; a page it cannot read is refused whole. */
export async function readPage(
  name: string,
  text: string,
  url: URL | null,
  start: number,
): Promise<Page> {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!body.startsWith('{') && !body.startsWith('[')) {
    return csvPage(text).catch((err: Error) => {
      throw new Error(`${name}: ${err.message}`);
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    throw new Error(`${name} is not valid JSON: ${(err as Error).message}`);
  }
  const format = FORMATS.find((f) => f.matches(json));
  if (!format) {
    throw new Error(
      `${name} is in no format the importer reads (Opendatasoft records, Socrata, ArcGIS, GeoJSON, CKAN datastore_search, Overpass, CSV)`,
    );
  }
  try {
    return format.page(json, url, start);
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}`);
  }
}

/** A file, read whole: one page. */
export async function loadFile(file: string): Promise<Listing> {
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new Error(err.code === 'ENOENT' ? `No such file: ${file}` : err.message);
  });
  const page = await readPage(file, text, null, 0);
  return { rows: page.rows, complete: !page.more, pages: 1 };
}

/** A URL and every page after it, fetched one after another. */
export async function loadUrl(start: string, fetchPage: typeof fetch = fetch): Promise<Listing> {
  const rows: SourceRow[] = [];
  let url: URL | null = new URL(start);
  let pages = 0;
  while (url) {
    if (++pages > MAX_PAGES) throw new Error(`${start} did not stop after ${MAX_PAGES} pages`);
    const res = await fetchPage(url, { headers: { accept: 'application/json, text/csv' } });
    if (!res.ok) throw new Error(`${url} answered ${res.status} ${res.statusText}`);
    const page: Page = await readPage(url.toString(), await res.text(), url, rows.length);
    rows.push(...page.rows);
    url = page.next;
  }
  return { rows, complete: true, pages };
}
