import type { ManifestOptions } from 'vite-plugin-pwa';

/** Every size Android, Windows and the app stores ask for (scripts/make-icons.mjs renders them). */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
export const MASKABLE_SIZES = [192, 512];

/** The installed app: its name, colours, icons, and the shortcuts a long press on it offers. */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'StreetScope',
  short_name: 'StreetScope',
  description: 'Discover, document, and share urban art worldwide.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#0c0c10',
  theme_color: '#0c0c10',
  categories: ['games', 'photo', 'travel'],
  icons: [
    ...ICON_SIZES.map((size) => ({
      src: `/icons/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
    ...MASKABLE_SIZES.map((size) => ({
      src: `/icons/maskable-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'maskable',
    })),
  ],
  shortcuts: [
    {
      name: 'Capture',
      short_name: 'Capture',
      description: 'Document a piece of street art where you stand',
      url: '/?capture=1',
      icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'Map',
      short_name: 'Map',
      description: 'Walls, artworks and missions around you',
      url: '/',
      icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
};
