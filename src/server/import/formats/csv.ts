import { parse } from 'csv-parse/sync';
import type { Page } from './page.ts';

/**
 * CSV with a header row, as portals export it: `;` (Opendatasoft's default) or `,`, quoted
 * fields that may span lines, a BOM. The delimiter is the one the header line uses most.
 */
export function csvPage(text: string): Page {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length;
  const delimiter = count(';') > count(',') ? ';' : ',';
  const records: Record<string, string>[] = parse(text, {
    columns: true,
    bom: true,
    delimiter,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
  });
  const rows = records.map((props, i) => ({ at: `row ${i + 2}`, props }));
  return { rows, more: false, next: null };
}
