/// <reference lib="webworker" />
import type { PushPayload } from '../../core/schemas/push.ts';

declare const self: ServiceWorkerGlobalScope;

/** A path of this app, never another origin (a payload is ours, but a tap must stay here). */
const samePath = (url: string) => (/^\/(?!\/)/.test(url) ? url : '/inbox');

/** What a message that could not be read still says: something new waits in the inbox. */
const FALLBACK: PushPayload = {
  id: 'inbox',
  kind: 'unknown',
  title: 'StreetScope',
  body: 'Something new is in your inbox.',
  url: '/inbox',
};

/** The message, read without a schema library (the worker stays small). */
function payloadOf(event: PushEvent): PushPayload {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    return FALLBACK;
  }
  const fields = ['id', 'kind', 'title', 'body', 'url'] as const;
  const ok =
    typeof data === 'object' &&
    data !== null &&
    fields.every((f) => typeof (data as Record<string, unknown>)[f] === 'string');
  return ok ? (data as PushPayload) : FALLBACK;
}

/** Opens the page in a window of the app already open, or in a new one. */
async function open(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const mine = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (mine) {
    const focused = await mine.focus();
    await focused.navigate(url);
    return;
  }
  await self.clients.openWindow(url);
}

/**
 * Web Push (docs/decisions/042-push.md): each message is shown as a notification (the browser
 * requires one for every push), one per inbox item; a tap opens the page it is about.
 */
export function answerPush(): void {
  self.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.id,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-96.png',
        data: { url: samePath(payload.url) },
      }),
    );
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const { url } = (event.notification.data ?? {}) as { url?: string };
    event.waitUntil(open(samePath(url ?? '/inbox')));
  });
}
