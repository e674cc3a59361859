/**
 * Rough national extents (mainland plus near islands), for plausibility checks: a wall or
 * mission pin outside its country's box has swapped or mistyped coordinates. Used by the seed
 * validation test and the wall importer; add a box before adding a country's first record.
 */
export const COUNTRY_BOXES: Record<string, { lat: [number, number]; lng: [number, number] }> = {
  Australia: { lat: [-44, -10], lng: [112, 154] },
  Austria: { lat: [46.3, 49.1], lng: [9.5, 17.2] },
  Belgium: { lat: [49.5, 51.6], lng: [2.5, 6.4] },
  Brazil: { lat: [-33.8, 5.3], lng: [-74, -34.7] },
  Czechia: { lat: [48.5, 51.1], lng: [12, 18.9] },
  France: { lat: [41.3, 51.1], lng: [-5.2, 9.6] },
  Germany: { lat: [47.2, 55.1], lng: [5.8, 15.1] },
  'New Zealand': { lat: [-47.4, -34.3], lng: [166.3, 178.6] },
  Spain: { lat: [27.6, 43.8], lng: [-18.2, 4.4] },
  'United Kingdom': { lat: [49.8, 60.9], lng: [-8.7, 1.8] },
  'United States': { lat: [24.4, 49.4], lng: [-125, -66.9] },
};

/** Country names as some sources spell them → the names our records use. */
const ALIASES: Record<string, string> = {
  'united states of america': 'United States',
  usa: 'United States',
  us: 'United States',
  uk: 'United Kingdom',
  'great britain': 'United Kingdom',
  'czech republic': 'Czechia',
};

/** A country name or ISO 3166 alpha-2 code as our records spell it, or null when unknown. */
export function canonicalCountry(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const known = Object.keys(COUNTRY_BOXES).find((c) => c.toLowerCase() === text.toLowerCase());
  if (known) return known;
  const alias = ALIASES[text.toLowerCase()];
  if (alias) return alias;
  if (/^[A-Za-z]{2}$/.test(text)) {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(text.toUpperCase());
    if (name && name.toUpperCase() !== text.toUpperCase())
      return ALIASES[name.toLowerCase()] ?? name;
  }
  return null;
}

export function insideCountry(country: string, lat: number, lng: number): boolean | null {
  const box = COUNTRY_BOXES[country];
  if (!box) return null;
  return lat >= box.lat[0] && lat <= box.lat[1] && lng >= box.lng[0] && lng <= box.lng[1];
}
