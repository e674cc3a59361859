import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

/** A test that makes something log console.error fails: noise hides bugs. */
let spy: MockInstance<typeof console.error>;

beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy.mock.calls.map((args) => args.map(String).join(' '));
  spy.mockRestore();
  expect(calls, 'unexpected console.error').toEqual([]);
});
