import type { Browser, Page } from '@playwright/test';
import { E2E_MODERATOR } from '../playwright.config.ts';
import { phoneJpeg } from '../test/images.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
  toasts,
  SIGNED_IN,
} from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';

/**
 * Weekly challenges, the area leaderboard and the hidden home
 * (docs/decisions/045-challenges-and-privacy.md). No screen here shows the map.
 */

/** Alice Springs, a corner of it of this run's own: no other spec plays here. */
const CENTRE = {
  latitude: -23.69 - Math.random() * 0.05,
  longitude: 133.86 + Math.random() * 0.05,
};
const metresEast = (m: number, north = 0) => ({
  latitude: CENTRE.latitude + north / 111_195,
  longitude: CENTRE.longitude + m / 102_000,
});

/** A documented find as the page's player: a photo taken where it is pinned, unless `photoAt`. */
async function find(page: Page, at: typeof CENTRE, photoAt = at) {
  const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...photoAt }));
  const res = await page.request.post('/api/discoveries', {
    data: { name: 'Stencil', imageUrl, ...at },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { pendingReview: boolean };
}

/** The run's area and its challenges, made by the suite's moderator through the API. */
async function areaWithChallenges(browser: Browser, baseURL: string) {
  const staff = await browser.newContext({ baseURL });
  const login = await staff.request.post('/api/login', {
    data: { username: E2E_MODERATOR.username, password: E2E_MODERATOR.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const name = `Todd Mall ${Date.now().toString(36)}`;
  const area = await staff.request.post('/api/challenges/areas', {
    data: { name, city: 'Alice Springs', ...CENTRE, radiusKm: 2, timeZone: 'Australia/Darwin' },
  });
  expect(area.status(), await area.text()).toBe(201);
  const { id } = (await area.json()) as { id: string };
  for (const [goal, rewardTokens] of [
    [3, 30],
    [1, 10],
  ]) {
    const res = await staff.request.post('/api/challenges', {
      data: { areaId: id, kind: 'find', goal, rewardTokens },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await staff.close();
  return name;
}

/** Eleven other players with two finds each in the area: the player ranks 12th. */
async function crowd(browser: Browser, baseURL: string) {
  for (let i = 0; i < 11; i++) {
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await signUp(other);
    await find(other, metresEast(100 + i * 60, 300));
    await find(other, metresEast(100 + i * 60, 340));
    await context.close();
  }
}

test('a weekly challenge counts a fair find and not a held one; the area board shows the player’s own rank', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const areaName = await areaWithChallenges(browser, baseURL!);
  await crowd(browser, baseURL!);
  await signUp(page);
  expect((await find(page, metresEast(0))).pendingReview).toBe(false);
  // The photo's camera was 5 km from the pin: held for review, so it counts for nothing yet.
  expect((await find(page, metresEast(40), metresEast(5000))).pendingReview).toBe(true);

  // The browser knows where the player is: their area comes first.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(metresEast(0));
  await page.goto('/challenges');
  await expect(page.getByRole('heading', { level: 1, name: 'Challenges' })).toBeVisible();
  const group = page.getByRole('region', { name: `${areaName}, Alice Springs` });
  await expect(page.getByRole('region').first()).toHaveAccessibleName(`${areaName}, Alice Springs`);
  const three = group.getByRole('listitem').filter({ hasText: `Find 3 pieces in ${areaName}` });
  await expect(three.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  await expect(three).toContainText('1 of 3 · 2 more pieces to go');
  await expect(three).toContainText('+30 Spray Coins');
  await expect(three.getByRole('button', { name: 'Claim reward' })).toHaveCount(0);

  const board = page.getByRole('region', { name: 'Area leaderboard' });
  await expect(board.getByRole('combobox', { name: 'Area' })).toHaveText(
    `This week in ${areaName}`,
  );
  const top = board.getByRole('list', { name: `This week in ${areaName}` });
  await expect(top.getByRole('listitem')).toHaveCount(10);
  await expect(top.getByRole('listitem').first()).toContainText('2 finds');
  await expect(board.getByText('You: #12 of 12')).toBeVisible();
  const mine = board.getByRole('list', { name: 'Your position' }).getByRole('listitem');
  await expect(mine).toContainText('(You)');
  await expect(mine).toContainText('1 find');
  await expect(mine).toHaveAttribute('data-rank', '12');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'challenges');

  // The one-piece goal is reached: its reward is claimed once and shown as such.
  const one = group.getByRole('listitem').filter({ hasText: `Find 1 piece in ${areaName}` });
  await one.getByRole('button', { name: 'Claim reward' }).click();
  await expect(toasts(page)).toContainText(`+10 Spray Coins for Find 1 piece in ${areaName}.`);
  await expect(one.getByText('Reward claimed')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The community's rankings offer the same week beside all time (on a phone, in its tab).
  await page.goto('/community');
  await page.getByRole('tab', { name: 'Rankings' }).click();
  await page.getByRole('radio', { name: 'This week' }).check({ force: true });
  const rankings = page.getByRole('region', { name: 'Top Explorers' });
  await expect(rankings.getByRole('combobox', { name: 'Area' })).toHaveText(
    `This week in ${areaName}`,
  );
  await expect(rankings.getByText('You: #12 of 12')).toBeVisible();
  await screenshots(page, 'community-this-week');
});

test(
  'a player hides their home on the profile, moves it and removes it',
  SIGNED_IN,
  async ({ page }) => {
    await page.goto('/profile');
    const privacy = page.getByRole('region', { name: 'Privacy' });
    await privacy.getByRole('button', { name: 'Set a hidden home' }).click();
    await privacy.getByLabel('Latitude').fill('-23.7');
    await privacy.getByLabel('Longitude').fill('400');
    await expect(privacy.getByRole('alert')).toContainText('longitude from −180 to 180');
    await expect(privacy.getByRole('button', { name: 'Save hidden home' })).toBeDisabled();
    await privacy.getByLabel('Longitude').fill('133.88');
    const radius = privacy.getByRole('slider', { name: 'Radius' });
    await radius.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(privacy.getByText('Radius: 700 m')).toBeVisible();
    await screenshots(page, 'profile-privacy-form');
    await privacy.getByRole('button', { name: 'Save hidden home' }).click();
    await expect(privacy.getByTestId('hidden-home')).toHaveText(
      'Hidden within 700 m of −23.7000, 133.8800',
    );
    await privacy.scrollIntoViewIfNeeded();
    await screenshots(page, 'profile-privacy');

    await page.reload();
    await expect(privacy.getByTestId('hidden-home')).toContainText('700 m');
    await privacy.getByRole('button', { name: 'Remove' }).click();
    await expect(privacy.getByRole('button', { name: 'Set a hidden home' })).toBeVisible();
    expect((await (await page.request.get('/api/profile/privacy')).json()).home).toBeNull();
  },
);
