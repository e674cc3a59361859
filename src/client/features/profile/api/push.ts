import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushTopic } from '../../../../core/push-topics.ts';
import type { PushDevice, PushSettings } from '../../../../core/schemas/push.ts';
import { apiRequest } from '../../../lib/query-client.ts';

/** Query keys are the request paths (SPEC §7). */
export const pushKeys = { settings: ['/api/push'] as const };

/** Devices come and go on other screens: asked again each time the profile opens. */
export const pushSettingsQuery = queryOptions<PushSettings>({
  queryKey: pushKeys.settings,
  refetchOnMount: 'always',
});

/** The browser's side of push: its service worker's subscription, if it can have one. */
export type BrowserPush =
  | { state: 'unsupported' }
  | { state: 'blocked' }
  | { state: 'ready'; subscription: PushSubscription | null };

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  if (!('Notification' in window)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** What this browser can do, read without asking the player anything. */
export async function browserPush(): Promise<BrowserPush> {
  const reg = await registration();
  if (!reg) return { state: 'unsupported' };
  if (Notification.permission === 'denied') return { state: 'blocked' };
  return { state: 'ready', subscription: await reg.pushManager.getSubscription() };
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
};

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The player said no (now or before): nothing to subscribe. */
export class PushNotAllowed extends Error {}

/**
 * Turns push on for this browser, on the player's tap only: the browser asks its permission,
 * subscribes with the server's key (a subscription made for an older key is replaced), and the
 * server keeps it.
 */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string): Promise<PushDevice> => {
      if ((await Notification.requestPermission()) !== 'granted') throw new PushNotAllowed();
      const reg = await registration();
      if (!reg) throw new Error('This browser cannot receive push notifications.');
      const key = base64urlBytes(publicKey);
      let subscription = await reg.pushManager.getSubscription();
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      const res = await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
      return (await res.json()) as PushDevice;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  });
}

/** Turns push off for this browser: the server forgets it, and so does the browser. */
export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, subscription }: { id: string; subscription: PushSubscription }) => {
      await apiRequest('DELETE', `/api/push/subscriptions/${encodeURIComponent(id)}`);
      await subscription.unsubscribe();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  });
}

/** PUT (on) or DELETE (off) /api/push/topics/:topic: the answer is the settings as they are. */
export function useSetPushTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ topic, on }: { topic: PushTopic; on: boolean }) => {
      const res = await apiRequest(on ? 'PUT' : 'DELETE', `/api/push/topics/${topic}`);
      return (await res.json()) as PushSettings;
    },
    onMutate: ({ topic, on }) => {
      // The switch moves at once; the answer (or a failure's refetch) settles it.
      queryClient.setQueryData<PushSettings>(pushKeys.settings, (old) =>
        old
          ? {
              ...old,
              topics: on ? [...old.topics, topic] : old.topics.filter((t) => t !== topic),
            }
          : old,
      );
    },
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings, settings),
    onError: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  });
}
