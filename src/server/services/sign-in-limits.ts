import { clientHost, clientSite } from '../../core/client-host.ts';
import type { Config, RateLimitRule } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { hitRateLimit, refundRateLimit, takeRateLimit } from './rate-limit.ts';

/**
 * How many hosts' worth one IPv6 /48 gets: a site holds 65,536 /64s, each a host of its own, so
 * without a cap per /48 one operator would get thousands of sign-ups and name guesses.
 */
const HOSTS_PER_SITE = 5;
const perSite = (rule: RateLimitRule) => ({ ...rule, limit: rule.limit * HOSTS_PER_SITE });

/** The sign-in budget one host (an IPv4 address or an IPv6 /64) shares across every method. */
export const signInHostKey = (ip: string) => `signin:host:${clientHost(ip)}`;

/**
 * New accounts per host and, for IPv6, HOSTS_PER_SITE times that per /48, every request counted
 * (password and provider sign-ups alike); false once over either.
 */
export async function withinSignUpLimits(db: Db, config: Config, ip: string): Promise<boolean> {
  const rule = config.rateLimits.signUpPerIp;
  if (!(await hitRateLimit(db, `signup:host:${clientHost(ip)}`, rule))) return false;
  const site = clientSite(ip);
  return !site || hitRateLimit(db, `signup:site:${site}`, perSite(rule));
}

/**
 * Sign-in attempts are limited per host, per name-and-host pair (and name-and-/48 pair) and per
 * name, counting only passwords that were actually checked and got wrong: a refused request
 * costs nothing, and a successful sign-in gives its units back. From one of the account's own
 * devices only that device's budget applies, so guessing at a (public) name from elsewhere never
 * locks its owner out (docs/decisions/015-sign-in-limits.md).
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
  const pair = rl.signInPerNameAndIp;
  const site = clientSite(attempt.ip);
  return [
    { key: signInHostKey(attempt.ip), rule: rl.signInPerIp },
    { key: `signin:pair:${name}:${clientHost(attempt.ip)}`, rule: pair },
    // So that one /48 alone cannot reach the name's ceiling and lock its owner out.
    ...(site ? [{ key: `signin:site:${name}:${site}`, rule: perSite(pair) }] : []),
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
