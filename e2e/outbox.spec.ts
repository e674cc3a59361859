import { expect, expectNoSeriousAxeViolations, screenshots, test, toasts } from './fixtures.ts';
import {
  allowSpentLinks,
  badge,
  capture,
  captureThreeOffline,
  CREATES,
  dropEveryOther,
  expectExactlyThree,
  expectThreeSentOnce,
  forgiveNetworkNoise,
  myDiscoveries,
  openMapHome,
  OUTBOX_SPOT,
  PHOTOGRAPHER_REWARD,
  player,
  skipRetryWaits,
} from './outbox-steps.ts';
import { freshSeed, phonePhoto, uploadPhoto } from './photo-files.ts';

test.use({ geolocation: OUTBOX_SPOT, permissions: ['geolocation'] });
// The map home is where Capture is, not what these tests are about: no camera glides or pulsing
// dot to draw in software WebGL while the outbox works.
test.use({ reducedMotion: 'reduce' });

test.describe('the outbox', () => {
  test('three discoveries made offline wait, then are sent exactly once with the exact tokens', async ({
    page,
    context,
    consoleErrors,
    player: me,
  }) => {
    test.slow();
    await openMapHome(page);
    const before = await player(page);

    await context.setOffline(true);
    for (const name of ['Koi one', 'Koi two', 'Koi three']) {
      await capture(page, name);
      await expect(
        toasts(page)
          .getByText("No connection right now: it will be sent when you're back online.")
          .first(),
      ).toBeVisible();
    }
    await expect(badge(page)).toHaveText('3 waiting to send');
    await screenshots(page, 'outbox-badge');

    await badge(page).click();
    const list = page.getByRole('list').filter({ has: page.getByText('Koi one') });
    for (const name of ['Koi one', 'Koi two', 'Koi three']) {
      const item = list.getByRole('listitem', { name: `Discovery: ${name}` });
      await expect(item.getByText('Waiting')).toBeVisible();
      await expect(item.locator('img')).toBeVisible();
    }
    await expect(page.getByText('3 items on this device.', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'outbox-list');

    await context.setOffline(false);
    await expect(page.getByText('Everything is sent')).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
    await expectExactlyThree(page, me, before);
    forgiveNetworkNoise(consoleErrors);
  });

  test('a network that drops every other request still creates each discovery once', async ({
    page,
    context,
    consoleErrors,
    expectFailure,
    player: me,
  }) => {
    test.slow();
    allowSpentLinks(expectFailure);
    await skipRetryWaits(page);
    await openMapHome(page);
    const before = await player(page);
    await captureThreeOffline(page, context);

    await dropEveryOther(context);
    await context.setOffline(false);
    await expectThreeSentOnce(page, me, before);
    forgiveNetworkNoise(consoleErrors);
  });

  test('a create whose answer is lost is sent again under its key: one discovery, paid once; the key with another body is refused', async ({
    page,
    context,
    consoleErrors,
    player: me,
  }) => {
    // A pin of its own, 100-300 m from the other tests' Koi (the photo, taken at OUTBOX_SPOT, is
    // still near it): sent online, a photo within 30 m of them may be offered as one of them.
    await context.setGeolocation({
      latitude: OUTBOX_SPOT.latitude + 0.001 + Math.random() * 0.0017,
      longitude: OUTBOX_SPOT.longitude,
    });
    await openMapHome(page);
    const before = await player(page);
    // The server records the discovery; the page never hears back.
    let lost = false;
    let sent: { key: string; body: Record<string, unknown> } | null = null;
    await context.route('**/api/discoveries', async (route) => {
      if (lost || route.request().method() !== 'POST') return route.continue();
      lost = true;
      const key = (await route.request().headerValue('idempotency-key')) ?? '';
      sent = { key, body: route.request().postDataJSON() as Record<string, unknown> };
      await route.fetch();
      return route.abort('connectionreset');
    });
    // With a photo: only a photo pays, and paying once is the point.
    await capture(page, 'Answer lost on the way');
    await expect(toasts(page).getByText('Saved on this device', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await myDiscoveries(page)).map((d) => d.name))
      .toEqual(['Answer lost on the way']);
    expect(me.username).toMatch(/^player_/);
    await expect(badge(page)).toHaveCount(0);
    const after = await player(page);
    expect(after.discoveries - before.discoveries).toBe(1);
    expect(after.tokens - before.tokens).toBe(PHOTOGRAPHER_REWARD);

    // A client replaying the key: the same body gets the first answer, another body a 409.
    expect(sent).not.toBeNull();
    const { key, body } = sent!;
    expect(key).toMatch(/^[\w-]{16,}$/);
    const [mine] = await myDiscoveries(page);
    const again = await page.request.post('/api/discoveries', {
      headers: { 'Idempotency-Key': key },
      data: body,
    });
    expect(again.status()).toBe(201);
    expect((await again.json()).id).toBe(mine?.id);
    const other = await page.request.post('/api/discoveries', {
      headers: { 'Idempotency-Key': key },
      data: { ...body, name: 'Another piece under the same key' },
    });
    expect(other.status()).toBe(409);
    expect(await player(page)).toEqual(after);
    forgiveNetworkNoise(consoleErrors);
  });

  test('items kept through a reload are sent on the next start', async ({
    page,
    context,
    consoleErrors,
    player: me,
  }) => {
    test.slow();
    await openMapHome(page);
    const before = await player(page);
    await captureThreeOffline(page, context);
    await context.route(CREATES, (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);

    await page.reload();
    await expect(badge(page)).toHaveText('3 waiting to send');
    await badge(page).click();
    await expect(page.getByRole('listitem')).toHaveCount(3);

    await context.unroute(CREATES);
    await page.reload();
    await expect(page.getByText('Everything is sent')).toBeVisible();
    await expectExactlyThree(page, me, before);
    forgiveNetworkNoise(consoleErrors);
  });

  test('a refused item shows why, and is edited and sent; a discarded one is never sent', async ({
    page,
    context,
    consoleErrors,
    expectFailure,
    player: me,
  }) => {
    test.slow();
    expectFailure(/\/api\/objects\/[^/]+\/complete$/, 409);
    await openMapHome(page);
    const seed = freshSeed();
    const imageUrl = await uploadPhoto(
      page,
      (await phonePhoto(seed, undefined, OUTBOX_SPOT)).buffer,
    );
    const first = await page.request.post('/api/discoveries', {
      data: { name: 'First koi', imageUrl, ...OUTBOX_SPOT },
    });
    expect(first.status()).toBe(201);

    await context.setOffline(true);
    await capture(page, 'Same koi again', seed);
    await capture(page, 'Koi to forget');
    await expect(badge(page)).toHaveText('2 waiting to send');
    await badge(page).click();
    await context.setOffline(false);

    const refused = page.getByRole('listitem', { name: 'Discovery: Same koi again' });
    await expect(refused.getByText('Refused')).toBeVisible();
    await expect(refused.getByText('This photo has already been documented')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Discovery: Koi to forget' })).toHaveCount(0);
    await screenshots(page, 'outbox-refused');

    await refused.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit discovery' });
    await expect(edit.getByLabel('Latitude')).toHaveValue(String(OUTBOX_SPOT.latitude));
    await edit.getByLabel('Name').fill('Koi, the wall beside it');
    await edit.getByLabel('Send without the photo').click();
    await expectNoSeriousAxeViolations(page);
    await edit.getByRole('button', { name: 'Save and send' }).click();
    await expect(page.getByText('Everything is sent')).toBeVisible();

    const names = (await myDiscoveries(page)).map((d) => [d.name, d.imageUrl === null]);
    expect(names.sort(), me.username).toEqual([
      ['First koi', false],
      ['Koi to forget', false],
      ['Koi, the wall beside it', true],
    ]);

    // Discard: kept offline, then thrown away after a confirm; nothing reaches the server.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('button', { name: 'Capture' })).toBeVisible();
    await context.setOffline(true);
    await capture(page, 'Never sent');
    await badge(page).click();
    const item = page.getByRole('listitem', { name: 'Discovery: Never sent' });
    await item.getByRole('button', { name: 'Discard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard this item?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Discard' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('Everything is sent')).toBeVisible();
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText('Everything is sent')).toBeVisible();
    expect((await myDiscoveries(page)).map((d) => d.name)).not.toContain('Never sent');
    forgiveNetworkNoise(consoleErrors);
  });
});
