import { z } from 'zod';

/** One colour of the StreetScope Series 1 house range (src/data/color-chart.json). */
export const ChartColourSchema = z.object({
  /** Series code, e.g. 'S1-402'. */
  code: z.string().regex(/^S1-\d{3}$/),
  name: z.string().min(1),
  hex: z.string().regex(/^#[0-9A-F]{6}$/, 'upper-case #RRGGBB'),
  /** Hue family heading; groups appear in the order of the file. */
  group: z.string().min(1),
  /** 'basic' colours are in every player's chart; 'pro' ones only in Pro players' charts. */
  range: z.enum(['basic', 'pro']),
  source: z.string().min(3),
});
export type ChartColour = z.infer<typeof ChartColourSchema>;

export const ColourChartSchema = z.object({
  /** Which range this player sees: the basic range (free) or the full chart (Pro). */
  range: z.enum(['basic', 'full']),
  colours: z.array(ChartColourSchema),
  /** How many colours the full chart has, so a free player sees what Pro adds. */
  totalColours: z.number().int(),
});
export type ColourChart = z.infer<typeof ColourChartSchema>;
