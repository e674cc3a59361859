import type { Page } from '@playwright/test';
import type { Mission } from '../src/core/schemas/catalog.ts';
import type { WallListItem, WallListPage } from '../src/core/schemas/walls.ts';
import { EMOJI_PINS, type EmojiPin } from '../src/core/constants.ts';
import { WALL_PAGE_SIZE } from '../src/core/schemas/walls.ts';
import { formatDistance } from '../src/client/lib/geo-format.ts';
import {
  EMOJI,
  EMPTY_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
} from './fixtures.ts';

const missionsText = (n: number) => `${n} Active ${n === 1 ? 'Mission' : 'Missions'}`;
const wallsText = (n: number) => `${n} Legal ${n === 1 ? 'Wall' : 'Walls'}`;
const has = (q: string, ...fields: string[]) =>
  fields.some((f) => f.toLowerCase().includes(q.toLowerCase()));

/** Every wall the list holds, from the API a page at a time, in its order. */
async function allWalls(page: Page, query = '') {
  const walls: WallListItem[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', '100');
    if (cursor) params.set('cursor', cursor);
    const listed: WallListPage = await (
      await page.request.get(`/api/legal-walls?${params}`)
    ).json();
    walls.push(...listed.items);
    cursor = listed.nextCursor;
  } while (cursor);
  return walls;
}

async function load(page: Page) {
  const missions: Mission[] = await (await page.request.get('/api/missions')).json();
  const walls = await allWalls(page);
  expect(missions.length).toBeGreaterThan(1);
  // More than the first page holds: the list pages.
  expect(walls.length).toBeGreaterThan(WALL_PAGE_SIZE);
  return { missions, walls };
}

/** Every card of the list: the next page loads as the end of the list comes near the screen. */
async function showAllWalls(page: Page, count: number) {
  const cards = page.getByTestId('wall-card');
  await expect(async () => {
    await page.getByText(/^Showing \d+ of \d+$/).scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(count, { timeout: 1000 });
  }).toPass();
  await expect(page.getByText(`Showing ${count} of ${count}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more walls' })).toHaveCount(0);
}

const missionCard = (page: Page, title: string) =>
  page.getByTestId('mission-card').filter({
    has: page.getByRole('heading', { name: title, exact: true }),
  });
const wallCard = (page: Page, name: string) =>
  page.getByTestId('wall-card').filter({
    has: page.getByRole('heading', { name, exact: true }),
  });

test('missions tab: count, cards, badges, completions and Start Mission links', async ({
  page,
  player: _player,
}) => {
  const { missions } = await load(page);
  await page.goto('/missions');
  await expect(page.getByRole('tab', { name: 'Street Art Missions' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const count = page.getByRole('heading', { level: 2 });
  await expect(count).toHaveText(missionsText(missions.length));
  await expect(page.getByTestId('mission-card')).toHaveCount(missions.length);

  const colour = { easy: /emerald/, medium: /yellow/, hard: /rose/ } as const;
  for (const m of missions) {
    const card = missionCard(page, m.title);
    await expect(card).toHaveCount(1);
    await expect(card.getByText(m.description)).toBeVisible();
    await expect(card.getByText(`+${m.rewardTokens} tokens`)).toBeVisible();
    // The target pin is drawn (an emoji would be a box on a device without an emoji font).
    const pin = EMOJI_PINS[m.targetEmojiPin as EmojiPin];
    const target = card.getByRole('img', { name: `Target pin: ${pin?.label ?? 'Target'}` });
    await expect(target).toBeVisible();
    await expect(target).toHaveAttribute('data-pin', pin ? m.targetEmojiPin : 'target');
    expect(await target.evaluate((el) => el.tagName)).toBe('svg');
    await expect(card).not.toContainText(EMOJI);
    const badge = card.locator('[data-difficulty]');
    await expect(badge).toHaveAttribute('data-difficulty', m.difficulty);
    await expect(badge).toHaveClass(colour[m.difficulty]);
    const completions = card.getByText(/\d+\/\d+ completions/);
    if (m.maxCompletions !== null) {
      await expect(completions).toHaveText(
        `${m.currentCompletions}/${m.maxCompletions} completions`,
      );
    } else {
      await expect(completions).toHaveCount(0);
    }
    await expect(card.getByText(m.expiresAt ? /^Expires / : 'No expiry')).toBeVisible();
    await expect(card.getByTestId('completed-marker')).toHaveCount(m.completedByMe ? 1 : 0);
    const start = card.getByRole('link', { name: 'Start Mission' });
    const t = m.targetLocation;
    await expect(start).toHaveAttribute('href', t ? `/?lat=${t.lat}&lng=${t.lng}&zoom=16` : '/');
  }
  expect(
    missions.some((m) => m.targetLocation === null),
    'seed has a mission without a target',
  ).toBe(true);

  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'missions');
  await expectNoSidewaysScroll(page);

  const targeted = missions.find((m) => m.targetLocation)!;
  await missionCard(page, targeted.title).getByRole('link', { name: 'Start Mission' }).click();
  await expect(page).toHaveURL(
    `/?lat=${targeted.targetLocation!.lat}&lng=${targeted.targetLocation!.lng}&zoom=16`,
  );
});

test('missions search matches title and description; walls search matches name and city', async ({
  page,
  player: _player,
}) => {
  const { missions, walls } = await load(page);
  await page.goto('/missions');
  const count = page.getByRole('heading', { level: 2 });
  const search = page.getByRole('searchbox', { name: 'Search missions' });

  const titleWord = missions[0]!.title.split(' ')[0]!.toUpperCase();
  await search.fill(titleWord);
  let want = missions.filter((m) => has(titleWord, m.title, m.description));
  await expect(count).toHaveText(missionsText(want.length));
  await expect(page.getByTestId('mission-card')).toHaveCount(want.length);

  // A word that is only in a description, not in any title.
  const descWord = missions
    .flatMap((m) => m.description.split(/\W+/))
    .find((w) => w.length > 5 && !missions.some((m) => has(w, m.title)))!;
  expect(descWord).toBeTruthy();
  await search.fill(descWord.toLowerCase());
  want = missions.filter((m) => has(descWord, m.title, m.description));
  await expect(count).toHaveText(missionsText(want.length));
  expect(want.length).toBeGreaterThan(0);
  await expect(missionCard(page, want[0]!.title)).toBeVisible();

  await search.fill('nothing is called this');
  await expect(page.getByRole('heading', { name: 'No Missions Found' })).toBeVisible();
  await expect(count).toHaveText(missionsText(0));

  // The search box is shared: switching tab keeps the query and filters the walls.
  await page.getByRole('tab', { name: 'Legal Graffiti Walls' }).click();
  await expect(page.getByRole('heading', { name: 'No Legal Walls Found' })).toBeVisible();
  await expect(count).toHaveText(wallsText(0));
  const wallSearch = page.getByRole('searchbox', { name: 'Search legal walls' });
  await expect(wallSearch).toHaveValue('nothing is called this');
  await screenshots(page, 'walls-no-match');

  const byName = walls[0]!.name.split(' ')[0]!.toLowerCase();
  await wallSearch.fill(byName);
  let wantWalls = walls.filter((w) => has(byName, w.name, w.city));
  await expect(count).toHaveText(wallsText(wantWalls.length));
  await expect(page.getByTestId('wall-card')).toHaveCount(
    Math.min(wantWalls.length, WALL_PAGE_SIZE),
  );

  // The server searches every wall, not only the page shown: a city with more walls than a page.
  const city = 'CANBERRA';
  await wallSearch.fill(city);
  wantWalls = walls.filter((w) => has(city, w.name, w.city));
  expect(wantWalls.length).toBeGreaterThan(WALL_PAGE_SIZE);
  await expect(count).toHaveText(wallsText(wantWalls.length));
  await showAllWalls(page, wantWalls.length);
  for (const w of wantWalls) await expect(wallCard(page, w.name)).toBeVisible();

  await page.getByRole('button', { name: 'Clear search legal walls' }).click();
  await expect(count).toHaveText(wallsText(walls.length));
});

test('walls tab: count, details, permit badges and View on Map links', async ({
  page,
  player: _player,
}) => {
  const { walls } = await load(page);
  await page.goto('/missions');
  await page.getByRole('tab', { name: 'Legal Graffiti Walls' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(wallsText(walls.length));
  await expect(page.getByText('By name')).toBeVisible();
  const cards = page.getByTestId('wall-card');
  await expect(cards).toHaveCount(WALL_PAGE_SIZE);
  await expect(page.getByText(`Showing ${WALL_PAGE_SIZE} of ${walls.length}`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'walls-first-page');
  // The button asks for the next page too, for those who do not scroll.
  const more = page.getByRole('button', { name: 'Show more walls' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(walls.length);
  await expect(more).toHaveCount(0);
  await expect(cards.getByRole('heading')).toHaveText(walls.map((w) => w.name));
  expect(walls.some((w) => w.permitRequired)).toBe(true);
  expect(walls.some((w) => !w.permitRequired)).toBe(true);

  // Every card in one look at the page: seven locator round trips per wall took minutes on a
  // busy runner. Lines are compared whole: a short field such as 'Weekends only' can also appear
  // inside the description.
  const shown = await cards.evaluateAll((els) =>
    els.map((el) => ({
      lines: (el as HTMLElement).innerText.split('\n').map((line) => line.trim()),
      permit: el.querySelector<HTMLElement>('[data-permit]')?.dataset.permit,
      mapLink: [...el.querySelectorAll('a')]
        .find((a) => a.innerText.trim() === 'View on Map')
        ?.getAttribute('href'),
    })),
  );
  expect(shown).toEqual(
    walls.map((w) => ({
      lines: expect.arrayContaining([
        w.name,
        `${w.city}, ${w.country}`,
        w.permitRequired ? 'Permit Required' : 'No Permit Required',
        w.description,
        w.address,
        w.hours,
      ]),
      permit: w.permitRequired ? 'required' : 'none',
      mapLink: `/?lat=${w.latitude}&lng=${w.longitude}&zoom=16`,
    })),
  );

  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'walls');
  await expectNoSidewaysScroll(page);
});

test.describe('with the location allowed', () => {
  // Three decimals: the page asks from its location rounded so (about 100 m).
  const BONDI = { latitude: -33.891, longitude: 151.277 };
  test.use({ geolocation: BONDI, permissions: ['geolocation'] });

  test('the walls tab lists the closest walls first, with distances, and A–Z on request', async ({
    page,
    player: _player,
  }) => {
    const nearest = await allWalls(page, `latitude=${BONDI.latitude}&longitude=${BONDI.longitude}`);
    const byName = await allWalls(page);
    await page.goto('/missions');
    await page.getByRole('tab', { name: 'Legal Graffiti Walls' }).click();
    await expect(page.getByRole('radio', { name: 'Nearest' })).toBeChecked();
    await expect(page.getByText('Closest to you first')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(wallsText(byName.length));
    const cards = page.getByTestId('wall-card');
    const first = nearest.slice(0, WALL_PAGE_SIZE);
    await expect(cards.getByRole('heading')).toHaveText(first.map((w) => w.name));
    await expect(cards.getByTestId('wall-distance')).toHaveText(
      first.map((w) => `${formatDistance(w.distanceKm!)} away`),
    );
    expect(first[0]!.name).toBe('Bondi Sea Wall');
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'walls-nearest');
    await expectNoSidewaysScroll(page);

    await page.getByText('A–Z', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'A–Z' })).toBeChecked();
    await expect(page.getByText('By name')).toBeVisible();
    await expect(cards.getByRole('heading')).toHaveText(
      byName.slice(0, WALL_PAGE_SIZE).map((w) => w.name),
    );
    await expect(cards.getByTestId('wall-distance')).toHaveCount(0);
  });
});

test('an empty catalogue says No Missions Found and No Legal Walls Found', async ({ page }) => {
  await signUp(page, { baseURL: EMPTY_URL });
  await page.goto(`${EMPTY_URL}/missions`);
  const count = page.getByRole('heading', { level: 2 });
  await expect(page.getByRole('heading', { name: 'No Missions Found' })).toBeVisible();
  await expect(count).toHaveText(missionsText(0));
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'missions-empty');

  await page.getByRole('tab', { name: 'Legal Graffiti Walls' }).click();
  await expect(page.getByRole('heading', { name: 'No Legal Walls Found' })).toBeVisible();
  await expect(count).toHaveText(wallsText(0));
  await expectNoSeriousAxeViolations(page);
});

test('a mission the player completed is marked Completed', async ({ page, player: _player }) => {
  const { missions } = await load(page);
  const done = missions[1]!;
  // Completing a mission takes a real discovery; the marker only needs completedByMe.
  await page.route('**/api/missions', (route) =>
    route.fulfill({
      json: missions.map((m) => (m.id === done.id ? { ...m, completedByMe: true } : m)),
    }),
  );
  await page.goto('/missions');
  await expect(missionCard(page, done.title).getByTestId('completed-marker')).toHaveText(
    'Completed',
  );
  await expect(page.getByTestId('completed-marker')).toHaveCount(1);
});
