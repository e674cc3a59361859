import { entryRows, isObject, numParam, withParams, type PayloadFormat } from './page.ts';

/** Opendatasoft's records API caps offset + limit at 10 000; larger sets need the exports. */
const RECORDS_API_CAP = 10_000;

/**
 * Opendatasoft Explore v2.1 records page: `{"total_count": N, "results": [...]}`, paged with
 * `limit` (at most 100, default 10) and `offset`. Points sit in the records as `geo_point_2d`.
 */
export const opendatasoft: PayloadFormat = {
  name: 'Opendatasoft records',
  matches: (json) => isObject(json) && Array.isArray(json.results) && 'total_count' in json,
  page(json, url, start) {
    const { results, total_count } = json as { results: unknown[]; total_count: number };
    if (total_count > RECORDS_API_CAP) {
      throw new Error(
        `The records API lists at most ${RECORDS_API_CAP} of ${total_count} records: use the dataset's exports/geojson URL instead`,
      );
    }
    const rows = entryRows(results, start);
    const seen = numParam(url, 'offset', 0) + results.length;
    const more = results.length > 0 && seen < total_count;
    const limit = Math.min(numParam(url, 'limit', 100), 100);
    return { rows, more, next: more && url ? withParams(url, { offset: seen, limit }) : null };
  },
};
