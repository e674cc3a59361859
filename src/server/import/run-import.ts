import type { Db } from '../db/client.ts';
import { importOpenData, type OpenDataReport } from './import-open-data.ts';
import { loadFile, loadUrl, type Listing } from './load-listing.ts';
import { mapRows, namesSourceFields, type MapDefaults } from './open-data-records.ts';
import { findSource } from './sources.ts';

/**
 * Reads a source's listing before the database is opened, so an unknown source, a missing file
 * or a malformed page fails with nothing written.
 */
export async function readListing(
  sourceId: string,
  input: string | undefined,
  fetchPage: typeof fetch = fetch,
): Promise<Listing> {
  const source = findSource(sourceId);
  const where = input ?? source.url;
  if (!where) {
    throw new Error(
      `${sourceId} has no endpoint in the registry: pass a file or URL (${source.page})`,
    );
  }
  const listing = await (/^https?:\/\//i.test(where) ? loadUrl(where, fetchPage) : loadFile(where));
  if (!namesSourceFields(source, listing.rows)) {
    throw new Error(`${where} is not ${sourceId}'s data: no field the source is read by is in it`);
  }
  return listing;
}

/** One import: the listing read, mapped and stored; returns the report. */
export async function importSource(
  db: Db,
  sourceId: string,
  listing: Listing,
  defaults: MapDefaults = {},
  now?: Date,
): Promise<OpenDataReport> {
  const source = findSource(sourceId);
  return importOpenData(db, source, mapRows(source, listing.rows, defaults), listing.complete, now);
}
