import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { writeTestBasemap } from './test/basemap-archive.ts';
import { vapidKeys } from './test/push-endpoint.ts';

// Workers re-read this file; the environment keeps one set of ports and data dirs per run.
process.env.E2E_PORT ??= '3457';
process.env.E2E_EMPTY_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_TILE_PORT ??= String(Number(process.env.E2E_PORT) + 2);
process.env.E2E_STRIPE_PORT ??= String(Number(process.env.E2E_PORT) + 3);
process.env.E2E_OIDC_PORT ??= String(Number(process.env.E2E_PORT) + 4);
process.env.E2E_VAPID ??= JSON.stringify(vapidKeys());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'streetscope-e2e-'));
process.env.E2E_EMPTY_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'streetscope-e2e-empty-'));
// The empty server's street map: the suite's own small archive, in its DATA_DIR (written once).
process.env.E2E_BASEMAP ??= writeTestBasemap(
  path.join(process.env.E2E_EMPTY_DATA_DIR, 'basemap', 'streets.pmtiles'),
);
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
// Another host name, so the two servers' session cookies never mix.
const emptyURL = `http://127.0.0.1:${process.env.E2E_EMPTY_PORT}`;

/** The map's imagery, terrain and buildings come from a local stand-in (e2e/tile-server.ts). */
export const TILE_ORIGIN = `http://127.0.0.1:${process.env.E2E_TILE_PORT}`;
const mapSources = {
  MAP_SATELLITE_TILES: `${TILE_ORIGIN}/sat/{z}/{x}/{y}.png`,
  MAP_STANDARD_SATELLITE_TILES: `${TILE_ORIGIN}/standard/{z}/{x}/{y}.png`,
  MAP_LABEL_TILES: `${TILE_ORIGIN}/labels/{z}/{x}/{y}.png`,
  MAP_TERRAIN_TILES: `${TILE_ORIGIN}/terrain/{z}/{x}/{y}.png`,
  MAP_BUILDINGS_URL: `${TILE_ORIGIN}/buildings.json`,
  // The seeded server's street map; the empty one's archive is preferred over it.
  MAP_STREET_TILES: `${TILE_ORIGIN}/streets.json`,
};

/**
 * The second server takes payments, against a local stand-in for the Stripe API
 * (test/stripe-stand-in.ts); the first stays in demo mode (no Stripe configured).
 */
export const STRIPE_ORIGIN = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;
export const STRIPE_E2E = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  STRIPE_PRICE_ID: 'price_pro_monthly_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_streetscope',
  STRIPE_API_URL: STRIPE_ORIGIN,
};

/**
 * The seeded server offers sign-in through a local OpenID Connect provider (e2e/oidc-server.ts),
 * beside its password accounts.
 */
export const OIDC_ORIGIN = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const OIDC_E2E = {
  OIDC_ISSUER_URL: OIDC_ORIGIN,
  OIDC_CLIENT_ID: 'streetscope-e2e',
  OIDC_CLIENT_SECRET: 'streetscope-e2e-secret',
  OIDC_NAME: 'Test ID',
};

/**
 * The seeded server pushes, signed with a key pair made for the run, to the push service the
 * inbox spec runs in its own process on a free port (test/push-endpoint.ts; port 0 lets the
 * server take any); the empty one has push off.
 */
const PUSH_ORIGIN = 'http://127.0.0.1:0';
export const VAPID_E2E = JSON.parse(process.env.E2E_VAPID) as ReturnType<typeof vapidKeys>;
const PUSH_E2E = {
  VAPID_PUBLIC_KEY: VAPID_E2E.publicKey,
  VAPID_PRIVATE_KEY: VAPID_E2E.privateKey,
  VAPID_SUBJECT: VAPID_E2E.subject,
  PUSH_TEST_ENDPOINT_ORIGINS: PUSH_ORIGIN,
};

/** The seeded server's moderator (e2e/moderation.spec.ts signs in as them). */
export const E2E_MODERATOR = { username: 'e2e_moderator', password: 'moderate-fairly-2026' };
/** The seeded server's Pro player (e2e/start-server.ts gives them a month of Pro). */
export const E2E_PRO_PLAYER = { username: 'e2e_pro_player', password: 'pro-plays-videos-2026' };

/** Debian's Chromium: browsers are never downloaded at install time. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One server with the starter content in demo mode; one with an empty catalogue (for the empty
 * states) that takes payments.
 */
function server(url: string, port: string, dataDir: string, seed: boolean) {
  return {
    command: 'tsx e2e/start-server.ts',
    url: `${url}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: port,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      SEED_CONTENT: String(seed),
      // Every test signs a new player up from this one address.
      SIGNUP_RATE_LIMIT: '100000',
      // ...and a cheap scrypt for each: the production cost would spend a second of CPU on each.
      PASSWORD_HASH_COST: 'test',
      // Players signed up during a run confirm walls at once (the default asks 7 days).
      ESTABLISHED_MIN_DAYS: '0',
      // Specs count inbox items: no "near you" notice arrives on a timer in the middle of one.
      NEAR_YOU_SWEEP_MINUTES: '0',
      // Any well-formed id: the provider is unreachable from the test machine.
      TRAILER_YOUTUBE_ID: 'StreetScope',
      E2E_DATABASE: seed ? 'streetscope_e2e' : 'streetscope_e2e_empty',
      // e2e/start-server.ts makes this account a moderator before the server starts.
      ...(seed
        ? {
            E2E_MODERATOR: `${E2E_MODERATOR.username}:${E2E_MODERATOR.password}`,
            E2E_PRO_PLAYER: `${E2E_PRO_PLAYER.username}:${E2E_PRO_PLAYER.password}`,
            ...OIDC_E2E,
            ...PUSH_E2E,
            // e2e/photo-from-link.spec.ts serves photos from a port of its own on this machine.
            PHOTO_IMPORT_TEST_ORIGINS: 'http://127.0.0.1:0',
          }
        : {}),
      ...mapSources,
      // The empty server draws streets and labels from its own archive (a path under DATA_DIR),
      // not from label tiles; the seeded one shows the map without a street basemap.
      ...(seed
        ? {}
        : {
            MAP_LABEL_TILES: 'off',
            MAP_BASEMAP_PMTILES: 'basemap/streets.pmtiles',
            ...STRIPE_E2E,
          }),
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // Two spec files at a time (docs/decisions/039-ci-time.md): a test spends most of its time
  // waiting on the app, so a second browser uses the time the first leaves idle.
  workers: 2,
  forbidOnly: !!process.env.CI,
  // A 2-core CI runner renders WebGL in software and may be shared: one ran the suite 2.6 times
  // slower than a quiet machine, and tests that wait on the map and the server failed at a
  // minute (docs/decisions/056). Timeouts catch hangs; how fast things are is measured in bench/.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // DOM snapshots only: a trace's screenshots are a screencast, and on a page with any animation
    // (the player's pulsing dot) software rendering encoded frames without pause for every test.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The service worker fetches for the page, out of sight of `page.route`, which many specs
    // use to make the server fail; the specs about the worker allow it (e2e/pwa.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Both serve the build that `npm run test:e2e` makes first.
  webServer: [
    {
      command: 'tsx e2e/tile-server.ts',
      url: `${TILE_ORIGIN}/buildings.json`,
      reuseExistingServer: false,
      env: { TILE_PORT: process.env.E2E_TILE_PORT },
    },
    {
      command: 'tsx e2e/stripe-server.ts',
      // The stand-in answers 401 without a key: up and speaking Stripe's protocol.
      url: `${STRIPE_ORIGIN}/v1/subscriptions`,
      reuseExistingServer: false,
      env: { STRIPE_PORT: process.env.E2E_STRIPE_PORT, STRIPE_SECRET_KEY: 'sk_test_e2e' },
    },
    {
      command: 'tsx e2e/oidc-server.ts',
      url: `${OIDC_ORIGIN}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: {
        OIDC_PORT: process.env.E2E_OIDC_PORT,
        OIDC_CLIENT_ID: OIDC_E2E.OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: OIDC_E2E.OIDC_CLIENT_SECRET,
        OIDC_REDIRECT_URI: `${baseURL}/api/login/oidc/test-id/callback`,
      },
    },
    server(baseURL, process.env.E2E_PORT, process.env.E2E_DATA_DIR, true),
    server(emptyURL, process.env.E2E_EMPTY_PORT, process.env.E2E_EMPTY_DATA_DIR, false),
  ],
});
