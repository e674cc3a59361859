import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LABEL_DARK,
  LABEL_LIGHT,
  contrastRatio,
  filterColours,
  groupColours,
  labelTone,
  type Colour,
} from './colours.ts';

const chart: Colour[] = JSON.parse(
  readFileSync(new URL('../../../data/color-chart.json', import.meta.url), 'utf8'),
);
const loadColourChart = async () => chart;

describe('Series 1 colour chart', () => {
  it('loads records with a code, a hex, a group and a source', async () => {
    const colours = await loadColourChart();
    expect(colours.length).toBeGreaterThanOrEqual(100);
    for (const c of colours) {
      expect(c.code).toMatch(/^S1-\d{3}$/);
      expect(c.hex).toMatch(/^#[0-9A-F]{6}$/);
      expect(c.source).toBe('StreetScope house range');
    }
  });

  it('labels every swatch with at least 4.5:1 contrast (WCAG AA)', async () => {
    for (const c of await loadColourChart()) {
      const text = labelTone(c.hex) === 'dark' ? LABEL_DARK : LABEL_LIGHT;
      expect(contrastRatio(c.hex, text), `${c.name} ${c.hex}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('uses dark labels on light colours and light labels on dark ones', () => {
    expect(labelTone('#FFFFFF')).toBe('dark');
    expect(labelTone('#FFF44F')).toBe('dark');
    expect(labelTone('#111113')).toBe('light');
    expect(labelTone('#14213D')).toBe('light');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('searches by name or code and groups in file order', async () => {
    const colours = await loadColourChart();
    expect(filterColours(colours, 'neon pink').map((c) => c.name)).toEqual(['Neon Pink']);
    const byCode = filterColours(colours, 's1-101');
    expect(byCode).toHaveLength(1);
    expect(groupColours(colours).map((g) => g.name)[0]).toBe(colours[0]!.group);
    expect(groupColours(colours).reduce((n, g) => n + g.colours.length, 0)).toBe(colours.length);
  });
});
