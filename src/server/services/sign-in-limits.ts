import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { refundRateLimit, takeRateLimit } from './rate-limit.ts';

/**
 * Sign-in attempts are limited per address, per name-and-address pair and per name, counting
 * only passwords that were actually checked and got wrong: a refused request costs nothing, and
 * a successful sign-in gives its units back. From one of the account's own devices only that
 * device's budget applies, so guessing at a (public) name from elsewhere never locks its owner
 * out (docs/decisions/015-sign-in-limits.md).
 */
export interface SignInAttempt {
  ip: string;
  username: string;
  /** The device cookie's hash when this browser has signed in to the named account before. */
  device: string | null;
}

function budgets(config: Config, attempt: SignInAttempt) {
  const rl = config.rateLimits;
  if (attempt.device) return [{ key: `signin:device:${attempt.device}`, rule: rl.signInPerDevice }];
  const name = attempt.username.trim().toLowerCase().slice(0, 40);
  return [
    { key: `signin:ip:${attempt.ip}`, rule: rl.signInPerIp },
    { key: `signin:pair:${name}:${attempt.ip}`, rule: rl.signInPerNameAndIp },
    { key: `signin:name:${name}`, rule: rl.signInPerName },
  ];
}

/** Takes one unit of every budget, or none: the keys to give back on success, null if refused. */
export async function reserveSignInAttempt(
  db: Db,
  config: Config,
  attempt: SignInAttempt,
): Promise<string[] | null> {
  const taken: string[] = [];
  for (const { key, rule } of budgets(config, attempt)) {
    if (!(await takeRateLimit(db, key, rule))) {
      await releaseSignInAttempt(db, taken);
      return null;
    }
    taken.push(key);
  }
  return taken;
}

export async function releaseSignInAttempt(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await refundRateLimit(db, key);
}
