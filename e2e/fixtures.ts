import { test as base, expect } from '@playwright/test';

/**
 * Every page fails its test on an unexpected console error: noise hides bugs. A 401 is expected
 * (the signed-out auth check, a refused sign-in), and Chromium logs it as a failed resource.
 */
const EXPECTED = /Failed to load resource: the server responded with a status of 401/;

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !EXPECTED.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let counter = 0;
export const uniqueName = (prefix = 'tester') => `${prefix}_${Date.now().toString(36)}${++counter}`;
