import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ChartColourSchema, type ColourChart } from '../../core/schemas/colours.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { entitlementsOf } from './users.ts';

const CHART_FILE = fileURLToPath(new URL('../../../src/data/color-chart.json', import.meta.url));

/** The whole Series 1 chart, read and checked once. */
export const SERIES_1 = z
  .array(ChartColourSchema)
  .parse(JSON.parse(readFileSync(CHART_FILE, 'utf8')));

/** The colour range a player's tier includes (src/core/entitlements.ts decides). */
export function colourRangeFor(user: SessionUser): ColourChart['range'] {
  return entitlementsOf(user).fullColourChart ? 'full' : 'basic';
}

export function colourChartOf(range: ColourChart['range']): ColourChart {
  return {
    range,
    colours: range === 'full' ? SERIES_1 : SERIES_1.filter((c) => c.range === 'basic'),
    totalColours: SERIES_1.length,
  };
}
