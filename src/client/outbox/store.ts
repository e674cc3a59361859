import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from './kinds.ts';

interface OutboxDB extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { byUser: string } };
}

const DB_NAME = 'streetscope-outbox';
const CHANNEL = 'streetscope-outbox';

let opened: Promise<IDBPDatabase<OutboxDB>> | null = null;
function db() {
  opened ??= openDB<OutboxDB>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('items', { keyPath: 'id' }).createIndex('byUser', 'userId');
    },
  });
  return opened;
}

type Listener = () => void;
const listeners = new Set<Listener>();
// Other tabs hear of changes too, so every header's count stays true.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));

function changed() {
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}

/** Called after every change to the outbox, in this tab or another. */
export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listItems(userId: string): Promise<OutboxItem[]> {
  const items = await (await db()).getAllFromIndex('items', 'byUser', userId);
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getItem(id: string): Promise<OutboxItem | undefined> {
  return (await db()).get('items', id);
}

export async function putItem(item: OutboxItem): Promise<void> {
  await (await db()).put('items', item);
  changed();
}

export async function deleteItem(id: string): Promise<void> {
  await (await db()).delete('items', id);
  changed();
}
