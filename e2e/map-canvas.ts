/** The map home as the map specs see it: its element, its opening, and its canvas read back. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The seeded Leake Street Tunnel (src/data/legal-walls.json). */
export const LEAKE = { latitude: 51.502, longitude: -0.1157 };

export const map = (page: Page) => page.getByTestId('map');

export async function openMap(page: Page, query = '') {
  await page.goto(`/${query}`);
  // Generous: the map chunk compiles its shaders in software on a busy 2-core runner.
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('map-loading')).toBeHidden();
}

export interface Spot {
  /** Pixels of that colour, give or take a little. */
  count: number;
  /** Their centre, in px from the map's top left. */
  x: number;
  y: number;
}

/**
 * A screenshot of the map canvas read back: how many distinct colours it has (a blank canvas
 * has one) and where each colour of `find` shows near the centre (the page's panels cover
 * the map's edges, and their colours are not the map's).
 */
export async function canvasPixels(
  page: Page,
  find: string[] = [],
): Promise<{ colours: number; spots: Spot[] }> {
  const shot = await page.locator('canvas.maplibregl-canvas').screenshot();
  return page.evaluate(
    async ({ b64, find }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, c.width, c.height).data;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97) {
        colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      }
      const targets = find.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
      const spots = targets.map(() => ({ count: 0, x: 0, y: 0 }));
      const [cx, cy] = [c.width / 2, c.height / 2];
      for (let y = Math.max(0, cy - 120); y < Math.min(c.height, cy + 40); y++) {
        for (let x = Math.max(0, cx - 240); x < Math.min(c.width, cx + 240); x++) {
          const i = (Math.floor(y) * c.width + Math.floor(x)) * 4;
          targets.forEach((rgb, t) => {
            if (rgb.every((v, k) => Math.abs(v - data[i + k]!) <= 24)) {
              const spot = spots[t]!;
              spot.count++;
              spot.x += x;
              spot.y += y;
            }
          });
        }
      }
      for (const spot of spots) {
        spot.x /= spot.count || 1;
        spot.y /= spot.count || 1;
      }
      return { colours: colours.size, spots };
    },
    { b64: shot.toString('base64'), find },
  );
}

export const canvasColours = async (page: Page) => (await canvasPixels(page)).colours;
