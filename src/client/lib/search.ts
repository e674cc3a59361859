import type { Artist } from '../../core/schemas/catalog.ts';

/** Case- and accent-insensitive text for client-side search ('sao paulo' finds 'São Paulo'). */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the query is empty or any field contains it (see normalise). */
export function matchesAny(query: string, fields: readonly (string | null | undefined)[]): boolean {
  const q = normalise(query);
  if (!q) return true;
  return fields.some((f) => f != null && normalise(f).includes(q));
}

/** English count phrase: '1 Artist Featured', '8 Artists Featured'. */
export function countLabel(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** SPEC §2 Artists: the search matches name, aka or city, ignoring case. */
export function filterArtists<T extends Artist>(artists: readonly T[], query: string): T[] {
  return artists.filter((a) => matchesAny(query, [a.name, a.aka, a.city]));
}
