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
import { phoneJpeg } from '../test/images.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';
import { signIn, signUpEstablished } from './players.ts';

const posts = (page: Page) => page.getByRole('list', { name: 'Posts' }).locator(':scope > li');

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

/** A player's wall proposal of this run's own, through the API; resolves with its name. */
async function proposeWall(page: Page): Promise<string> {
  const at = { latitude: -31.95 - Math.random() * 0.05, longitude: 115.86 + Math.random() * 0.05 };
  const name = uniqueName('Tunnel wall');
  const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...at }));
  const res = await page.request.post('/api/legal-walls', {
    data: {
      name,
      imageUrl,
      description: 'Both sides of the bike path underpass may be painted.',
      permitRequired: false,
      hours: 'Daylight',
      city: 'Perth',
      country: 'Australia',
      address: 'Swan River bike path underpass',
      ...at,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return name;
}

const QUEUED = 'Thanks — a moderator will look at it.';
const HIDDEN = 'Thanks — it is hidden until a moderator reviews it.';

// Where these tests pass the map home, its camera lands at once and the player's dot stays still:
// what they check is where things end up, not how they move.
test.use({ reducedMotion: 'reduce' });

test('a new account’s report hides nothing, two established players’ do; a moderator suspends the author, keeps one post hidden and restores the other, on the record', async ({
  page,
  expectFailure,
}) => {
  // Six players, a moderator and a map load: more than the default on a busy 2-core runner.
  test.slow();
  const author = await signUp(page);
  const content = `You all paint like toddlers ${uniqueName('x')}`;
  const created = await page.request.post('/api/community/forum', { data: { content } });
  expect(created.status()).toBe(201);
  const slur = `Go back where you came from ${uniqueName('x')}`;
  const second = await page.request.post('/api/community/forum', { data: { content: slur } });
  const slurId = ((await second.json()) as { id: string }).id;
  // A player proposes a wall: it waits for a moderator with the seeded walls.
  const wall = await proposeWall(page);

  // A brand-new account reports it through the menu on the post: kept for a moderator, still shown.
  await signUp(page);
  await reportPost(page, author, content, QUEUED);
  await expect(posts(page).filter({ hasText: content })).toHaveCount(1);
  await screenshots(page, 'report-sent');
  // Two established players report it: the second report hides it, gone from the list at once.
  // Two established players report it and the other post: the second report hides each.
  const reportSlur = () =>
    page.request.post('/api/reports', {
      data: { targetType: 'forum_post', targetId: slurId, reason: 'abusive' },
    });
  await signUpEstablished(page);
  await reportPost(page, author, content, QUEUED);
  await expect(posts(page).filter({ hasText: content })).toHaveCount(1);
  expect((await reportSlur()).status()).toBe(201);
  await signUpEstablished(page);
  await reportPost(page, author, content, HIDDEN);
  await expect(posts(page).filter({ hasText: content })).toHaveCount(0);
  expect(await (await reportSlur()).json()).toMatchObject({ hidden: true });

  // A third player never sees it.
  const reader = await signUp(page);
  await page.goto('/community');
  await expect(posts(page).first()).toBeVisible();
  await expect(posts(page).filter({ hasText: content })).toHaveCount(0);
  await expect(posts(page).filter({ hasText: slur })).toHaveCount(0);

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
  await expect(group.getByRole('list', { name: 'Reports' }).getByRole('listitem')).toHaveCount(3);
  await expect(group).toContainText('New account');
  await expect(group).toContainText(`By ${author.username}`);
  await screenshots(page, 'moderation-reports');
  await expectNoSeriousAxeViolations(page);

  // The other post: kept hidden, its reports closed; it leaves the queue.
  const slurGroup = page
    .getByRole('list', { name: 'Open reports' })
    .getByRole('listitem')
    .filter({ hasText: slur });
  await slurGroup.getByRole('button', { name: 'Keep hidden and close' }).click();
  const keep = page.getByRole('dialog', { name: 'Keep hidden and close' });
  await expect(keep).toContainText('stays hidden from every player');
  await keep.getByLabel(/Reason/).fill('Racist abuse');
  await keep.getByRole('button', { name: 'Keep hidden and close' }).click();
  await expect(toasts(page)).toContainText('Keep hidden and close: done');
  await expect(slurGroup).toHaveCount(0);

  // The player's wall is on the first screen of the wall queue; the seeded walls are folded away.
  await page.getByRole('tab', { name: /Walls/ }).click();
  const proposal = page
    .getByRole('list', { name: 'Walls to review' })
    .getByRole('listitem')
    .filter({ hasText: wall });
  await expect(proposal).toBeInViewport();
  await expect(proposal).toContainText('Both sides of the bike path underpass may be painted.');
  await expect(proposal).toContainText('Swan River bike path underpass, Perth, Australia');
  await expect(proposal).toContainText(`Proposed by ${author.username}`);
  await expect(proposal.getByRole('link', { name: 'Show on map' })).toHaveAttribute(
    'href',
    /^\/\?lat=-3[12]\.\d+&lng=115\.\d+&zoom=18$/,
  );
  const imported = page.getByRole('list', { name: 'Imported walls to review' });
  await expect(imported).toHaveCount(0);
  await screenshots(page, 'moderation-walls');
  await page.getByText('Imported walls', { exact: true }).click();
  await expect(imported.getByRole('listitem').first()).toContainText('From ');
  await expect(imported.getByRole('listitem').filter({ hasText: wall })).toHaveCount(0);
  await screenshots(page, 'moderation-imported-walls');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('tab', { name: /Reports/ }).click();

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
  // This test's own entries, newest first: another spec's moderator may act meanwhile.
  const ours = [content, slur, author.username, newcomer.username].map((t) =>
    t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  const entries = page.getByTestId('audit-entry').filter({ hasText: new RegExp(ours.join('|')) });
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
  await expect(entries.nth(3)).toContainText(
    `${E2E_MODERATOR.username} kept hidden and closed the reports on Post “${slur}”`,
  );
  await screenshots(page, 'moderation-audit-log');

  // The third player sees the post again.
  await signIn(page, reader.username, PASSWORD);
  await page.goto('/community');
  await expect(posts(page).filter({ hasText: content })).toHaveCount(1);
  await expect(posts(page).filter({ hasText: slur })).toHaveCount(0);

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

test('a quest’s wall visit held by fair play waits with the held logs; a moderator releases it', async ({
  page,
}) => {
  await signUp(page);
  const at = { latitude: -31.9 - Math.random() * 0.05, longitude: 115.9 + Math.random() * 0.05 };
  const name = uniqueName('Laneway wall');
  const proposed = await page.request.post('/api/legal-walls', {
    data: {
      name,
      imageUrl: await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...at })),
      description: 'A roller door painted by anyone.',
      permitRequired: false,
      hours: 'Any time',
      city: 'Perth',
      country: 'Australia',
      address: 'Back lane',
      ...at,
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const wallId = ((await proposed.json()) as { id: string }).id;

  // A find in Brisbane, then the wall in Perth minutes later: faster than travel allows.
  const visitor = await signUp(page);
  const brisbane = { latitude: -27.47, longitude: 153.02 };
  const find = await page.request.post('/api/discoveries', {
    data: {
      name: 'Koala',
      imageUrl: await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...brisbane })),
      ...brisbane,
    },
  });
  expect(find.status(), await find.text()).toBe(201);
  const answer = await page.request.post(`/api/quests/visit_wall/${wallId}/answer`, {
    data: {
      ...at,
      accuracy: 10,
      imageUrl: await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...at })),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  expect(((await answer.json()) as { held: boolean }).held).toBe(true);

  await signIn(page, E2E_MODERATOR.username, E2E_MODERATOR.password);
  await page.goto('/moderation');
  await page.getByRole('tab', { name: /Logs/ }).click();
  const card = page
    .getByRole('list', { name: 'Logs waiting for review' })
    .getByRole('listitem')
    .filter({ hasText: `Quest visit of ${name}` });
  await expect(card).toContainText('Held quest answer');
  await expect(card).toContainText('Faster travel than possible since the last log');
  await expect(card).toContainText(`By ${visitor.username}`);
  await expect(card.getByRole('link', { name: 'Open the wall on the map' })).toHaveAttribute(
    'href',
    /^\/\?lat=-31\.\d+&lng=115\.\d+&zoom=16$/,
  );
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, 'moderation-held-visit');
  await expectNoSeriousAxeViolations(page);
  await card.getByRole('button', { name: 'Release' }).click();
  const release = page.getByRole('dialog', { name: 'Release' });
  await expect(release).toContainText(`Confirm ${name} with ${visitor.username}'s visit`);
  await release.getByLabel(/Reason/).fill('Flew in this morning');
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(toasts(page)).toContainText('Release: done');
  await expect(card).toHaveCount(0);

  // The visitor hears it in the inbox.
  await signIn(page, visitor.username);
  await page.goto('/inbox');
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText(
    `Your visit to ${name} was approved: +10 tokens.`,
  );
});
