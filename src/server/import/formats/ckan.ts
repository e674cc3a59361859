import { entryRows, isObject, listIn, numParam, withParams, type PayloadFormat } from './page.ts';

/**
 * CKAN `datastore_search`: `{"success": true, "result": {"records": [...], "total": N}}`,
 * paged with `limit` (default 100) and `offset`.
 */
export const ckan: PayloadFormat = {
  name: 'CKAN datastore_search',
  matches: (json) => isObject(json) && 'success' in json && isObject(json.result),
  page(json, url, start) {
    const { success, result, error } = json as {
      success: boolean;
      result: { records?: unknown; total?: number };
      error?: { message?: string };
    };
    if (!success) throw new Error(`CKAN refused the query: ${error?.message ?? 'no reason given'}`);
    const records = listIn(result.records ?? [], '"result.records"');
    const rows = entryRows(records, start);
    const seen = numParam(url, 'offset', 0) + records.length;
    const more = records.length > 0 && seen < (result.total ?? 0);
    const limit = numParam(url, 'limit', 100);
    return { rows, more, next: more && url ? withParams(url, { offset: seen, limit }) : null };
  },
};
