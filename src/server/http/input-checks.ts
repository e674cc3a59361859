import { badRequest } from '../errors.ts';

/** Deeper than any payload of ours; a 20,000-level body is refused without recursing into it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Postgres text cannot hold NUL and no legitimate input has one, so it is refused up front, as
 * is input nested deeper than any of our payloads. Walked with an explicit stack: a hostile body
 * can never exhaust the call stack.
 */
export function assertCleanInput(value: unknown): void {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, depth } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw badRequest('Text may not contain NUL characters.');
      continue;
    }
    if (!item || typeof item !== 'object' || ArrayBuffer.isView(item)) continue;
    if (depth >= MAX_INPUT_DEPTH) throw badRequest('The request is nested too deeply.');
    for (const child of Object.values(item)) stack.push({ value: child, depth: depth + 1 });
  }
}
