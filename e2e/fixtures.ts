import { AxeBuilder } from '@axe-core/playwright';
import {
  test as base,
  expect,
  type ConsoleMessage,
  type Locator,
  type Page,
} from '@playwright/test';

/** A same-origin answer of 4xx/5xx a test says it causes on purpose (the rest fail the test). */
export interface ExpectedFailure {
  url: string | RegExp;
  status: number;
}

/**
 * Failures every test may meet: on the demo-mode server the subscription setup answers 503
 * (payments are not configured; SPEC §2 shows 'Unable to load payment form'). A signed-out page
 * never asks who is signed in (docs/decisions/041), so that 401 is no longer among them.
 */
const ALWAYS_EXPECTED: ExpectedFailure[] = [
  { url: /^http:\/\/localhost:\d+\/api\/get-or-create-subscription$/, status: 503 },
];

const matches = (url: string, status: number, expected: ExpectedFailure[]) =>
  expected.some(
    (e) =>
      e.status === status && (typeof e.url === 'string' ? url.includes(e.url) : e.url.test(url)),
  );

/**
 * Console errors that are not bugs: Chromium logs every non-OK response as one, which the
 * same-origin check judges instead; and Stripe.js failing to load where a test blocks it (the
 * app falls back to demo mode).
 */
function expectedConsoleError(msg: ConsoleMessage, expected: ExpectedFailure[]): boolean {
  const url = msg.location().url;
  const status = /status of (\d{3})/.exec(msg.text());
  if (status) return matches(url, Number(status[1]), [...ALWAYS_EXPECTED, ...expected]);
  return url.startsWith('https://js.stripe.com/') && /ERR_BLOCKED_BY_CLIENT/.test(msg.text());
}

/** The server started with SEED_CONTENT=false: an empty catalogue, for empty states; payments on. */
export const EMPTY_URL = `http://127.0.0.1:${process.env.E2E_EMPTY_PORT}`;

export const PASSWORD = 'bright colours on grey walls';

let counter = 0;
export const uniqueName = (prefix = 'tester') =>
  `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`.slice(0, 30);

export interface SignedInPlayer {
  id: string;
  username: string;
}

/**
 * Creates an account through the API (no UI) and leaves its session cookie in the page's
 * browser context. By default the character-creation screen is marked done for it, so the
 * test lands on the screen it is about.
 */
export async function signUp(
  page: Page,
  options: { baseURL?: string; username?: string; skipCharacter?: boolean } = {},
): Promise<SignedInPlayer> {
  const origin = options.baseURL ?? '';
  const username = options.username ?? uniqueName('player');
  const res = await page.request.post(`${origin}/api/signup`, {
    data: { username, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  const me = await (await page.request.get(`${origin}/api/auth/user`)).json();
  if (options.skipCharacter ?? true) {
    await page.addInitScript((id: string) => {
      // The app's own document only: a provider's player framed in it may not use storage.
      if (window === window.top) localStorage.setItem(`streetscope:character-created:${id}`, 'e2e');
    }, me.id);
  }
  return { id: me.id, username };
}

const SIGNED_IN_TYPE = 'signed-in';
/** Marks one test that starts as a freshly signed-up player: `test(title, SIGNED_IN, body)`. */
export const SIGNED_IN = {
  annotation: { type: SIGNED_IN_TYPE, description: 'starts as a freshly signed-up player' },
};

/** Anything but this machine: the servers under test and the local tile stand-in. */
const OFF_MACHINE = /^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])[a-z]+:\/\//;

/** The app servers under test: their 4xx/5xx answers are bugs unless a test expects them. */
const APP_ORIGINS = [`http://localhost:${process.env.E2E_PORT}`, EMPTY_URL];

export const test = base.extend<{
  consoleErrors: string[];
  offMachineRequests: string[];
  expectFailure: (url: string | RegExp, status: number) => void;
  expectedFailures: ExpectedFailure[];
  sameOriginFailures: string[];
  signedIn: boolean;
  signedInPlayer: SignedInPlayer | null;
  player: SignedInPlayer;
}>({
  /** No request leaves the machine: any attempt is refused and fails the test. */
  offMachineRequests: [
    async ({ page }, use) => {
      const attempts: string[] = [];
      await page.route(OFF_MACHINE, (route) => {
        attempts.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      await use(attempts);
      expect(attempts, 'requests that would leave the machine').toEqual([]);
    },
    { auto: true },
  ],
  /** Declares a same-origin failure this test causes on purpose (a refused upload, a 500 stand-in). */
  expectFailure: async ({ expectedFailures }, use) => {
    await use((url, status) => expectedFailures.push({ url, status }));
  },
  // Playwright reads a fixture's dependencies from the destructured first argument: none here.
  // eslint-disable-next-line no-empty-pattern
  expectedFailures: async ({}, use) => {
    await use([]);
  },
  /**
   * A request to our own servers answering 4xx/5xx fails the test unless declared: a broken
   * same-origin request (a wrong thumbnail path) is a bug a player sees, even with no console
   * error.
   */
  sameOriginFailures: [
    async ({ page, expectedFailures }, use) => {
      const failures: string[] = [];
      page.on('response', (response) => {
        const status = response.status();
        const url = response.url();
        if (status < 400 || !APP_ORIGINS.some((o) => url.startsWith(`${o}/`))) return;
        if (!matches(url, status, [...ALWAYS_EXPECTED, ...expectedFailures])) {
          failures.push(`${status} ${response.request().method()} ${url}`);
        }
      });
      await use(failures);
      expect(failures, 'same-origin requests that failed unexpectedly').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, expectedFailures }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !expectedConsoleError(msg, expectedFailures)) {
          errors.push(msg.text());
        }
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  /** `test.use({ signedIn: true })`: every test of the file or group starts signed in. */
  signedIn: [false, { option: true }],
  /**
   * Signs a fresh player up before a test that needs a session but not the player's name or id:
   * the whole group with `signedIn`, or one test marked with SIGNED_IN.
   */
  signedInPlayer: [
    async ({ page, signedIn }, use, testInfo) => {
      const wanted = signedIn || testInfo.annotations.some((a) => a.type === SIGNED_IN_TYPE);
      await use(wanted ? await signUp(page) : null);
    },
    { auto: true },
  ],
  /** A freshly signed-up player on the seeded server (the same one a signed-in test starts as). */
  player: async ({ page, signedInPlayer }, use) => {
    await use(signedInPlayer ?? (await signUp(page)));
  },
});

export { expect };

/**
 * With E2E_SCREENSHOTS=1, saves the current page at phone and desktop sizes under
 * test-results/screens (not committed), for a person to look at. Full-page shots from the top, so
 * sticky bars sit where a player sees them. Off by default: they assert nothing and cost a tenth
 * of the suite's time.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({
      path: `test-results/screens/${name}-${size.width}.png`,
      fullPage: true,
    });
  }
}

/** With E2E_SCREENSHOTS=1, saves what the page shows now as test-results/screens/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/**
 * axe finds nothing serious or critical on the current page. Running CSS transitions (a tab just
 * selected, a toast fading in) are let finish first, or axe reads a blend of two colours.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Mobile-first: on a 360x740 phone nothing makes the page scroll sideways. Leaves the viewport
 * at that size.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    const width = Math.min(clientWidth, 360);
    if (scrollWidth <= width) return [];
    // Name the widest culprits, to make the failure easy to fix.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}`)
      .slice(0, 8);
    return [`scrollWidth ${scrollWidth} > ${width}`, ...culprits];
  });
  expect(overflow, 'elements wider than a 360 px screen').toEqual([]);
}

/**
 * The toast viewport. Radix also announces each toast in a hidden live region for a moment, so a
 * page-wide getByText for a toast's text can match twice; look toasts up in here instead. While a
 * modal dialog is open the rest of the page (the viewport too) is aria-hidden, hence includeHidden.
 * Named "Notifications (F8)": the profile's Notifications section is another region.
 */
export const toasts = (page: Page): Locator =>
  page.getByRole('region', { name: /^Notifications \(/, includeHidden: true });

/** An emoji glyph in text: where the UI draws an icon instead, none may be left. */
export const EMOJI = /\p{Extended_Pictographic}/u;
