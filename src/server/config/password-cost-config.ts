import type { PasswordHashCost } from './config.ts';

/** The API tests' scrypt cost (test/app.ts): cheap enough for hundreds of sign-ups a run. */
export const TEST_HASH_COST: PasswordHashCost = { logN: 10, r: 8, p: 1 };

/**
 * PASSWORD_HASH_COST=test: for the browser suite only, which signs a new player up in nearly
 * every test, and at the production cost each sign-up is a second of a 2-core runner's CPU.
 * Refused with NODE_ENV=production, where passwords are hashed at the production cost only.
 */
export function passwordHashCostFromEnv(
  env: NodeJS.ProcessEnv,
  production: PasswordHashCost,
): { cost: PasswordHashCost; problems: string[] } {
  const value = env.PASSWORD_HASH_COST;
  if (value === undefined || value === '') return { cost: production, problems: [] };
  if (value !== 'test') {
    return { cost: production, problems: ['  PASSWORD_HASH_COST: must be "test" or unset'] };
  }
  if (env.NODE_ENV === 'production') {
    return {
      cost: production,
      problems: ['  PASSWORD_HASH_COST: is for tests only and refused when NODE_ENV=production'],
    };
  }
  return { cost: TEST_HASH_COST, problems: [] };
}
