import { describe, expect, it } from 'vitest';
import { loadConfig, PRODUCTION_HASH_COST } from './config.ts';
import { TEST_HASH_COST } from './password-cost-config.ts';

/** PASSWORD_HASH_COST: the production scrypt cost unless a test server asks for the cheap one. */
describe('password hash cost', () => {
  it('is the production cost by default', () => {
    expect(loadConfig({}).passwordHashCost).toEqual(PRODUCTION_HASH_COST);
    expect(loadConfig({ PASSWORD_HASH_COST: '' }).passwordHashCost).toEqual(PRODUCTION_HASH_COST);
  });

  it('is the tests’ cost with PASSWORD_HASH_COST=test', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: 'test' }).passwordHashCost).toEqual(TEST_HASH_COST);
  });

  it('refuses another value, and the test cost under NODE_ENV=production', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'low' })).toThrowError(
      /PASSWORD_HASH_COST: must be "test" or unset/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' })).toThrowError(
      /PASSWORD_HASH_COST: is for tests only and refused when NODE_ENV=production/,
    );
  });
});
