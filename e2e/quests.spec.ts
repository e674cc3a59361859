import { expect, expectNoSeriousAxeViolations, screenshots, signUp, test } from './fixtures.ts';
import { freshSeed, phonePhoto, pickPhoto, uploadPhoto } from './photo-files.ts';
import { phoneJpeg } from '../test/images.ts';

/**
 * Quests near you (docs/decisions/043-quests.md): offered from the seeded open data around the
 * player, answered on the spot with a photo, refused from afar. The /quests screen, no map.
 */

/** Carlito Dalceggio's 2008 mural in Montréal, from the city's register (CC BY 4.0). */
const MURAL = {
  id: 'art-montreal-murales-3',
  title: 'Mural by Carlito Dalceggio',
  latitude: 45.515387,
  longitude: -73.571347,
};
const metresNorth = (m: number) => ({
  latitude: MURAL.latitude + m / 111_195,
  longitude: MURAL.longitude,
  accuracy: 10,
});
const HERE = metresNorth(20);
const FIVE_KM_AWAY = metresNorth(5000);

test.use({ geolocation: HERE, permissions: ['geolocation'] });

test('a quest near a seeded open-data mural is offered, refused from 5 km away, answered on the spot with a photo, and changes its history', async ({
  page,
  context,
}) => {
  const player = await signUp(page);
  await page.goto('/quests');
  await expect(page.getByRole('heading', { name: 'Quests near you' })).toBeVisible();
  const card = page.getByTestId('quest-card').filter({ hasText: MURAL.title });
  await expect(card).toContainText('Needs a photo');
  await expect(card).toContainText('From open data: no player has photographed it yet');
  await expect(card.getByTestId('quest-distance')).toHaveText('20 m away');
  await expect(card).toContainText('+15 tokens');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'quests');

  await card.getByRole('button', { name: `Answer: ${MURAL.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Needs a photo' });
  await expect(dialog.getByTestId('quest-where')).toHaveText(
    'You are here: 20 m from it (GPS ±10 m).',
  );

  // Walked away: the dialog says how far, and the answer waits.
  await context.setGeolocation(FIVE_KM_AWAY);
  await expect(dialog.getByTestId('quest-where')).toHaveText(
    `You are 5.0 km from ${MURAL.title}. Quests are answered on the spot: come within 60 m of it (GPS ±10 m).`,
  );
  await pickPhoto(dialog, await phonePhoto(freshSeed(), 'IMG_3107.jpg', MURAL));
  const submit = dialog.getByRole('button', { name: 'Answer' });
  await expect(submit).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'quest-answer-too-far');
  // The server refuses it from there too, whatever a client sends.
  const photo = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...MURAL }));
  const refused = await page.request.post(`/api/quests/needs_photo/${MURAL.id}/answer`, {
    data: { ...FIVE_KM_AWAY, imageUrl: photo },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe(
    `You are 5.0 km from ${MURAL.title}. Quests are answered on the spot: come within 60 m of it.`,
  );

  // Back at the mural: answered with the photo taken there.
  await context.setGeolocation(HERE);
  await expect(dialog.getByTestId('quest-where')).toHaveText(
    'You are here: 20 m from it (GPS ±10 m).',
  );
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Quest complete!', { exact: true })).toBeVisible();
  await expect(
    page.getByText('You earned 15 tokens and 20 for the find.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  // The mural's history has the find, with the player's photo.
  await page.goto(`/art/${MURAL.id}`);
  await expect(page.getByRole('heading', { name: MURAL.title })).toBeVisible();
  await expect(page.getByText(`${player.username} found it`)).toBeVisible();
  await expect(page.getByText('Nobody has logged it yet: be the first to find it')).toHaveCount(0);
});

test('without a location the screen asks for one, and an empty spot says what to do', async ({
  page,
  context,
}) => {
  await context.clearPermissions();
  await signUp(page);
  await page.goto('/quests');
  await expect(page.getByText('Where are you?')).toBeVisible();
  await expect(
    page.getByText(/Share your location to see the quests within a 1.5 km walk/),
  ).toBeVisible();
  await context.grantPermissions(['geolocation']);
  // The middle of the Atlantic: nothing to ask about.
  await context.setGeolocation({ latitude: 30, longitude: -40, accuracy: 25 });
  await page.getByRole('button', { name: 'Allow Location' }).click();
  await expect(page.getByText('No quests around here')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', '/');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'quests-empty');
});

test('the map home leads to the quests', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Quests near you' });
  await expect(link).toBeVisible();
  await screenshots(page, 'map-quests-link');
  await link.click();
  await expect(page).toHaveURL(/\/quests$/);
  await expect(page.getByTestId('quest-card').first()).toBeVisible();
});
