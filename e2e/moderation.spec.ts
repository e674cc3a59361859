import type { Page } from '@playwright/test';
import { E2E_MODERATOR } from '../playwright.config.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  PASSWORD,
  screenshots,
  signUp,
  test,
  toasts,
  uniqueName,
  type SignedInPlayer,
  screenshot,
} from './fixtures.ts';
import { documentFinds } from './photo-files.ts';

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' }).locator(':scope > li');

/** Signs in through the API; the character screen is marked done, as signUp does. */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  const res = await page.request.post('/api/login', { data: { username, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  await page.addInitScript((id: string) => {
    localStorage.setItem(`streetscope:character-created:${id}`, 'e2e');
  }, me.id);
}

/** A spot of this run's own for the reporters' documented finds. */
const FINDS = { latitude: -12.46 - Math.random() * 0.05, longitude: 130.84 + Math.random() * 0.05 };

/** A new player with three documented finds: established on this server (no minimum age). */
async function signUpEstablished(page: Page): Promise<SignedInPlayer> {
  const player = await signUp(page);
  await documentFinds(page, FINDS, 3);
  return player;
}

async function reportPost(page: Page, author: SignedInPlayer, content: string, toast: string) {
  await page.goto('/community');
  const post = posts(page).filter({ hasText: content });
  await post.getByRole('button', { name: `More actions for post by ${author.username}` }).click();
  await page.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  const send = dialog.getByRole('button', { name: 'Send report' });
  await expect(send).toBeDisabled();
  await dialog.getByText('Abusive or hateful').click();
  await dialog.getByLabel(/Anything a moderator should know/).fill('Insults another player');
  await send.click();
  await expect(toasts(page)).toContainText(toast);
}

const QUEUED = 'Thanks — a moderator will look at it.';
const HIDDEN = 'Thanks — it is hidden until a moderator reviews it.';

test('a new account’s report hides nothing, two established players’ do; a moderator suspends the author and restores it, on the record', async ({
  page,
  expectFailure,
}) => {
  const author = await signUp(page);
  const content = `You all paint like toddlers ${uniqueName('x')}`;
  const created = await page.request.post('/api/community/forum', { data: { content } });
  expect(created.status()).toBe(201);

  // A brand-new account reports it through the menu on the post: kept for a moderator, still shown.
  await signUp(page);
  await reportPost(page, author, content, QUEUED);
  await expect(posts(page).filter({ hasText: content })).toHaveCount(1);
  await screenshots(page, 'report-sent');
  // Two established players report it: the second report hides it, gone from the list at once.
  await signUpEstablished(page);
  await reportPost(page, author, content, QUEUED);
  await expect(posts(page).filter({ hasText: content })).toHaveCount(1);
  await signUpEstablished(page);
  await reportPost(page, author, content, HIDDEN);
  await expect(posts(page).filter({ hasText: content })).toHaveCount(0);

  // A third player never sees it.
  const reader = await signUp(page);
  await page.goto('/community');
  await expect(posts(page).first()).toBeVisible();
  await expect(posts(page).filter({ hasText: content })).toHaveCount(0);

  // The moderator finds it in the queue, suspends its author, then restores the post.
  await signIn(page, E2E_MODERATOR.username, E2E_MODERATOR.password);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Moderation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const group = page
    .getByRole('list', { name: 'Open reports' })
    .getByRole('listitem')
    .filter({ hasText: content });
  await expect(group).toContainText('3 reports');
  await expect(group).toContainText('2 of 3 from established players.');
  await expect(group).toContainText('Hidden');
  await expect(group).toContainText('Insults another player');
  await screenshots(page, 'moderation-reports');
  await expectNoSeriousAxeViolations(page);

  await group.getByRole('button', { name: `Suspend ${author.username}` }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspend player' });
  await suspend.getByLabel(/Days/).fill('3');
  await suspend.getByLabel(/Reason/).fill('Insulting other players');
  await suspend.getByRole('button', { name: 'Suspend player' }).click();
  await expect(toasts(page)).toContainText('Suspend player: done');

  // A new account from the same host (every browser here is on this machine) is flagged for
  // review, not refused; the moderator clears it.
  const newcomer = await signUp(page);
  await signIn(page, E2E_MODERATOR.username, E2E_MODERATOR.password);
  await page.goto('/moderation');
  await page.getByRole('tab', { name: /Accounts/ }).click();
  const flagged = page
    .getByRole('list', { name: 'New accounts to check' })
    .getByRole('listitem')
    .filter({ hasText: newcomer.username });
  await expect(flagged).toContainText(`Same network as ${author.username} (suspended until`);
  await screenshots(page, 'moderation-accounts');
  await expectNoSeriousAxeViolations(page);
  await flagged.getByRole('button', { name: 'Clear flag' }).click();
  const clear = page.getByRole('dialog', { name: 'Clear flag' });
  await clear.getByLabel(/Reason/).fill('A flatmate, not the same player');
  await clear.getByRole('button', { name: 'Clear flag' }).click();
  await expect(toasts(page)).toContainText('Clear flag: done');
  await expect(flagged).toHaveCount(0);
  await page.getByRole('tab', { name: /Reports/ }).click();

  await group.getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore' });
  await expect(restore.getByRole('button', { name: 'Restore' })).toBeDisabled();
  await restore.getByLabel(/Reason/).fill('Rude but not abuse; author suspended instead');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(page)).toContainText('Restore: done');
  // Its group leaves the queue (other specs' reports may be open in it meanwhile).
  await expect(group).toHaveCount(0);

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toContainText(
    `${E2E_MODERATOR.username} restored Post “${content}”`,
  );
  await expect(entries.first()).toContainText('Why: Rude but not abuse; author suspended instead');
  await expect(entries.nth(1)).toContainText(
    `${E2E_MODERATOR.username} cleared the flag on ${newcomer.username}`,
  );
  await expect(entries.nth(2)).toContainText(
    `${E2E_MODERATOR.username} suspended ${author.username} for 3 days`,
  );
  await screenshots(page, 'moderation-audit-log');

  // The third player sees the post again.
  await signIn(page, reader.username, PASSWORD);
  await page.goto('/community');
  await expect(posts(page).filter({ hasText: content })).toHaveCount(1);

  // The suspended author can read, sees why, and their next post is refused with the reason.
  await signIn(page, author.username, PASSWORD);
  await page.goto('/community');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account is suspended until' }),
  ).toBeVisible();
  await expect(posts(page).filter({ hasText: content })).toHaveCount(1);
  expectFailure('/api/community/forum', 403);
  const form = page.getByRole('form', { name: 'Start a discussion' });
  await form.getByLabel('Message').fill('Sorry everyone');
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(toasts(page)).toContainText(
    /Your account is suspended until \d{1,2} [A-Z][a-z]+ \d{4}: you can look around but not post, log or upload\./,
  );
  await screenshots(page, 'suspended-player');

  // The map says so too, under the header.
  await page.goto('/');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account is suspended until' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'suspended-map-390');
});

test('players get the not-found page at /moderation and no link to it', async ({ page }) => {
  await signUp(page);
  await page.goto('/moderation');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Community' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
});
