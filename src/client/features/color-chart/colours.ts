import { queryOptions } from '@tanstack/react-query';
import type { ChartColour, ColourChart } from '../../../core/schemas/colours.ts';
import { getQueryFn } from '../../lib/query-client.ts';
import { matchesAny } from '../../lib/search.ts';

/**
 * The StreetScope Series 1 house range (src/data/color-chart.json), served by GET
 * /api/color-chart: the basic range for free players, the full chart for Pro. A house range of
 * our own, not any paint maker's official chart; on-screen colours are approximate.
 */
export type Colour = ChartColour;

export interface ColourGroup {
  name: string;
  colours: Colour[];
}

/**
 * Asked again whenever the chart opens (Pro may have started or lapsed since), showing the
 * cached chart meanwhile.
 */
export const colourChartQuery = queryOptions({
  queryKey: ['/api/color-chart'] as const,
  queryFn: getQueryFn<ColourChart>({ on401: 'throw' }),
  refetchOnMount: 'always',
});

/** SPEC §2 colour chart search: by colour name or code ('s1-402', '402'), ignoring case. */
export function filterColours(colours: readonly Colour[], query: string): Colour[] {
  return colours.filter((c) => matchesAny(query, [c.name, c.code]));
}

export function groupColours(colours: readonly Colour[]): ColourGroup[] {
  const groups = new Map<string, Colour[]>();
  for (const c of colours) {
    const list = groups.get(c.group);
    if (list) list.push(c);
    else groups.set(c.group, [c]);
  }
  return [...groups].map(([name, list]) => ({ name, colours: list }));
}

/** WCAG 2.x relative luminance of '#RRGGBB'. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const LABEL_DARK = '#0c0c10';
export const LABEL_LIGHT = '#ffffff';

/** Label tone for a swatch: whichever of dark or light text contrasts more with it. */
export function labelTone(hex: string): 'dark' | 'light' {
  return contrastRatio(hex, LABEL_DARK) >= contrastRatio(hex, LABEL_LIGHT) ? 'dark' : 'light';
}
