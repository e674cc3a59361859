/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';
import { answerFromAreas, AREA_ANSWERED } from './saved-area-answers.ts';
import { keepOnlyAreasOf, listAreas } from './saved-areas-store.ts';
import { PLAYER_CACHE, WHO, idOf, tell } from './player.ts';

/**
 * The map's reads answered from the player's saved areas (docs/decisions/037-saved-areas.md)
 * when the network fails: when nothing was kept for the read, or what was kept is older than
 * the newest saved area reaching it. The player is the one the kept "who is signed in" names.
 */
async function fromSavedAreas(request: Request, keptAt: number | null): Promise<Response | null> {
  const url = new URL(request.url);
  if (!AREA_ANSWERED.test(url.pathname)) return null;
  const userId = await idOf(await (await caches.open(PLAYER_CACHE)).match(WHO));
  if (!userId) return null;
  const answer = answerFromAreas(url, await listAreas(userId));
  if (!answer || (keptAt !== null && keptAt >= answer.savedAt)) return null;
  return new Response(JSON.stringify(answer.body), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      date: new Date(answer.savedAt).toUTCString(),
      'x-saved-area': 'true',
    },
  });
}

/** Goes before the plugin that tells the pages where an answer came from. */
export const savedAreaAnswers: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const keptAt = Date.parse(cachedResponse.headers.get('date') ?? '') || 0;
    return (await fromSavedAreas(request, keptAt)) ?? cachedResponse;
  },
  handlerDidError: async ({ request }) => {
    const answer = await fromSavedAreas(request, null);
    if (answer) void tell({ type: 'OFFLINE_ANSWER', at: Date.parse(answer.headers.get('date')!) });
    return answer ?? undefined;
  },
};

/**
 * A fresh "who is signed in" (a player, or nobody: 401) leaves only that player's saved areas
 * on the device, as the kept reads are emptied for a new player.
 */
export const onePlayersAreas: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (new URL(request.url).pathname === WHO && (response.ok || response.status === 401)) {
      await keepOnlyAreasOf(await idOf(response));
    }
    return response;
  },
};
