/** What is on screen as a finger or an eye meets it: boxes, what lies on top, the map's credits. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export type Box = { x: number; y: number; width: number; height: number };
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What a finger at the middle of `locator` would touch: true when nothing is drawn over it. */
export const onTopAtCentre = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });

/** The element a finger at `point` would touch is inside `locator`'s element. */
export const touches = (locator: Locator, point: { x: number; y: number }) =>
  locator.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), point);

export const centreOf = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** The map's credits button, MapLibre's (i). */
export const credits = (page: Page) => page.getByTitle('Toggle attribution');

/**
 * The credits button is whole on screen, takes a finger (32 px drawn, clear of the screen's
 * edge) and nothing covers it; opened, the credits show, readable and uncovered.
 */
export async function expectCreditsInReach(page: Page) {
  const button = credits(page);
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.width).toBeGreaterThanOrEqual(32);
  expect(box.height).toBeGreaterThanOrEqual(32);
  expect(box.x + box.width).toBeLessThanOrEqual(width - 8);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(await onTopAtCentre(button)).toBe(true);
  await button.click();
  const text = page.locator('.maplibregl-ctrl-attrib-inner');
  await expect(text).toBeVisible();
  await expect(text).toContainText('©');
  const shown = (await text.boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(0);
  expect(shown.x + shown.width).toBeLessThanOrEqual(width);
  expect(await onTopAtCentre(text)).toBe(true);
  await button.click();
  await expect(text).toBeHidden();
}
