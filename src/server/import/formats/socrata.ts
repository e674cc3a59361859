import { entryRows, numParam, withParams, type PayloadFormat } from './page.ts';

/** SODA's default page size when a URL names no `$limit`. */
const SODA_DEFAULT_LIMIT = 1000;

/**
 * Socrata SODA `/resource/<id>.json`: a JSON array of flat objects whose values are strings.
 * A full page (as many rows as `$limit`) means there may be more at `$offset` + page size.
 */
export const socrata: PayloadFormat = {
  name: 'Socrata SODA',
  matches: (json) => Array.isArray(json),
  page(json, url, start) {
    const list = json as unknown[];
    const rows = entryRows(list, start);
    const limit = numParam(url, '$limit', SODA_DEFAULT_LIMIT);
    const more = list.length > 0 && list.length >= limit;
    const offset = numParam(url, '$offset', 0) + list.length;
    return {
      rows,
      more,
      next: more && url ? withParams(url, { $limit: limit, $offset: offset }) : null,
    };
  },
};
