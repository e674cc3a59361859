/**
 * What one cell of an imported file may hold, read the same way by both importers.
 *
 * Text: control characters (NUL and the rest of C0 and C1, DEL) are removed, and the fields they
 * were in are named so the report can say so. Tab, line feed and carriage return stay inside a
 * value; at its ends they are trimmed with the other spaces. A cell that starts like a
 * spreadsheet formula (=, +, -, @) is stored as it is: the app shows it as text and has no CSV
 * export; an export would prefix such cells with ' as it writes them (docs/decisions/013).
 *
 * Numbers (coordinates): a JSON number that is finite, or text holding a plain decimal: an
 * optional sign, digits, an optional point and more digits (`-37.8136`, `+144.96`, `.5`, `12.`).
 * Hexadecimal, exponents, `Infinity`, `NaN`, thousands separators and decimal commas are refused
 * with the cell quoted; a blank cell is no value.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Text without control characters. */
export const plain = (s: string) => s.replace(CONTROLS, '');

/** A record's string values without control characters, and the keys that had some. */
export function withoutControls<T>(record: Record<string, T>): {
  cells: Record<string, T | string>;
  cleaned: string[];
} {
  const cells: Record<string, T | string> = {};
  const cleaned: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string' && CONTROL.test(value)) {
      cells[key] = plain(value);
      cleaned.push(plain(key));
    } else {
      cells[key] = value;
    }
  }
  return { cells, cleaned };
}

export const controlsRemoved = (fields: string[]) =>
  `control characters removed from ${fields.join(', ')}`;

export type Decimal = { value: number } | { problem: string } | undefined;

/** A coordinate cell read strictly (see above); `what` names it in the problem. */
export function decimal(v: unknown, what: string): Decimal {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') {
    return Number.isFinite(v) ? { value: v } : { problem: `${what} ${v} is not a finite number` };
  }
  if (typeof v !== 'string') return { problem: `${what} is not a number` };
  const text = v.trim();
  if (!text) return undefined;
  if (!DECIMAL.test(text)) {
    return { problem: `${what} '${text.slice(0, 40)}' is not a decimal number` };
  }
  return { value: Number(text) };
}

/** Longer than this, a stored text cell refuses its row rather than fill a page. */
export const MAX_TEXT = 500;
/** Descriptions may run longer. */
export const MAX_DESCRIPTION = 2000;

export const tooLong = (field: string, text: string, max: number) =>
  text.length > max ? `${field} is ${text.length} characters long (at most ${max})` : undefined;
