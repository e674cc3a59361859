/// <reference lib="webworker" />

declare const self: ServiceWorkerGlobalScope;

/**
 * One player's answers at a time: emptied whenever the signed-in player changes or leaves (by the
 * worker on a fresh "who is signed in", by the page when the browser holds no session: decision
 * 041).
 */
export const PLAYER_CACHE = 'player-reads';
export const WHO = '/api/auth/user';

/**
 * What the open pages hear about each read: it came from the cache (with the time the server
 * first gave it), or live from the server.
 */
export type AnswerSource = { type: 'OFFLINE_ANSWER'; at: number } | { type: 'LIVE_ANSWER' };

export async function tell(message: AnswerSource) {
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage(message);
  }
}

export const idOf = async (response: Response | undefined): Promise<string | null> => {
  if (!response?.ok) return null;
  try {
    return ((await response.clone().json()) as { id?: string }).id ?? null;
  } catch {
    return null;
  }
};
