import { HttpError } from '../errors.ts';

/**
 * Counts each player's requests of one kind still running in this process and refuses one past
 * `max` with 429 (`refusal` says how many are open). For requests that may last long (a body
 * trickling in, a photo fetched from elsewhere): without a cap one player could hold any number
 * of connections.
 */
export function inFlightPerPlayer(max: number, refusal: (open: number) => string) {
  const open = new Map<string, number>();
  return async <T>(userId: string, run: () => Promise<T>): Promise<T> => {
    const now = open.get(userId) ?? 0;
    if (now >= max) throw new HttpError(429, refusal(now));
    open.set(userId, now + 1);
    try {
      return await run();
    } finally {
      const left = (open.get(userId) ?? 1) - 1;
      if (left > 0) open.set(userId, left);
      else open.delete(userId);
    }
  };
}
