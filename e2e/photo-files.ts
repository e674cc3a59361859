import { expect, type Locator, type Page } from '@playwright/test';
import { phoneJpeg } from '../test/images.ts';

/** Where the phone "took" the test photos: Brisbane's Fish Lane. */
export const PHOTO_SPOT = { latitude: -27.470094, longitude: 153.025 };

/** A real JPEG with camera make, serial, orientation and GPS EXIF, unique to `seed`. */
export async function phonePhoto(seed: number, name = 'IMG_2041.jpg', spot = PHOTO_SPOT) {
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await phoneJpeg({ seed, ...spot }),
  };
}

/** A different seed for every photo a run makes, so no two count as the same picture. */
export const freshSeed = () => Math.floor(Math.random() * 2 ** 31);

/** Picks a file (made in memory, or on disk) in the uploader inside `scope`, as browsing does. */
export async function pickPhoto(
  scope: Locator,
  file: { name: string; mimeType: string; buffer: Buffer } | string,
): Promise<void> {
  await scope
    .locator('input[type=file][name="files[]"]:not([webkitdirectory])')
    .setInputFiles(file);
}

/**
 * Uploads a photo through the API as the page's player (on the server at `origin`, the main
 * one by default); resolves with its object URL.
 */
export async function uploadPhoto(page: Page, photo: Buffer, origin = ''): Promise<string> {
  const at = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const ticket = await (await page.request.post(`${origin}/api/objects/upload`)).json();
  const put = await page.request.put(at(ticket.uploadURL), {
    headers: { 'content-type': 'image/jpeg' },
    data: photo,
  });
  expect(put.ok()).toBe(true);
  expect((await page.request.post(at(ticket.completeURL))).ok()).toBe(true);
  return ticket.objectURL as string;
}

const metresNorth = (at: typeof PHOTO_SPOT, m: number) => ({
  latitude: at.latitude + m / 111_195,
  longitude: at.longitude,
});

/**
 * Documented finds through the API as the page's player, each a photo taken where it is pinned,
 * `count` of them within 200 m of `at`: a logged visit and, with three, an established player
 * (the e2e server runs with ESTABLISHED_MIN_DAYS=0).
 */
export async function documentFinds(page: Page, at: typeof PHOTO_SPOT, count: number) {
  for (let i = 0; i < count; i++) {
    const spot = metresNorth(at, 30 + i * 40);
    const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...spot }));
    const res = await page.request.post('/api/discoveries', {
      data: { name: `Throw-up ${i + 1}`, imageUrl, ...spot },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}
