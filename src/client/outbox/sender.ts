import { retryDelay, sendOrder, type Outcome, type OutboxItem } from './kinds.ts';
import { photoStep } from './photo-steps.ts';
import { send } from './request.ts';
import { deleteItem, getItem, listItems, putItem } from './store.ts';

const LOCK = 'streetscope-outbox';
const NO_SPOT = 'This photo does not say where it was taken: edit the item to set its position.';

type Stop = Exclude<Outcome, { kind: 'ok' }>;
export type PassEnd = 'empty' | 'network' | 'later' | 'signed-out';

/**
 * Sends one item, step by step, saving each step reached. Resolves 'sent', 'refused', or why it
 * stopped. Every request carries the key kept with its step, so a repeat is answered with the
 * first answer and nothing is created twice.
 */
async function sendItem(start: OutboxItem, onProgress: () => void): Promise<'sent' | Stop> {
  let item: OutboxItem = { ...start, state: 'sending' };
  await putItem(item);
  while (item.photo && item.photo.job.step !== 'done') {
    const next = await photoStep(item.photo);
    if ('stop' in next) return stopped(item, next.stop);
    item = { ...item, photo: { ...item.photo, job: next.job } };
    await putItem(item);
    onProgress();
  }
  const body = { ...item.body };
  const photo = item.photo?.job.step === 'done' ? item.photo.job.photo : null;
  if (photo && item.photoField) body[item.photoField] = photo.objectURL;
  if (item.spotFromPhoto && body.latitude === undefined) {
    if (!photo?.location) return stopped(item, { kind: 'refused', status: 400, message: NO_SPOT });
    body.latitude = photo.location.latitude;
    body.longitude = photo.location.longitude;
  }
  const out = await send('POST', item.path, { key: item.key, json: body });
  if (out.kind !== 'ok') return stopped(item, out);
  await deleteItem(item.id);
  onProgress();
  return 'sent';
}

async function stopped(item: OutboxItem, stop: Stop): Promise<Stop> {
  // Deleted meanwhile (discarded from another tab): leave it gone.
  if (!(await getItem(item.id))) return stop;
  if (stop.kind === 'refused') {
    await putItem({ ...item, state: 'refused', reason: stop.message });
  } else {
    await putItem({ ...item, state: 'waiting' });
  }
  return stop;
}

/** Sends the player's waiting items in order until one meets the network down. */
async function pass(
  userId: string,
): Promise<{ end: PassEnd; progressed: boolean; sent: string[] }> {
  let progressed = false;
  const sent: string[] = [];
  const progress = () => (progressed = true);
  for (;;) {
    const [next] = sendOrder(await listItems(userId));
    if (!next) return { end: 'empty', progressed, sent };
    const result = await sendItem(next, progress);
    if (result === 'sent') sent.push(next.id);
    else if (result.kind !== 'refused') return { end: result.kind, progressed, sent };
  }
}

/** Every tab and the worker hold one lock while sending: one key is never sent twice at once. */
function exclusively<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(LOCK, run) as Promise<T>) : run();
}

let afterSent: (sent: number, waited: number) => unknown = () => {};
/**
 * Runs after a pass that sent something: the app asks its reads again, and tells the player of
 * the items that had waited (for the network, or since an earlier visit) rather than gone at once.
 */
export function onOutboxSent(run: (sent: number, waited: number) => unknown): void {
  afterSent = run;
}

/**
 * One pass under the lock, with no timer after it: for the service worker's sync event, which
 * the browser repeats later itself when the pass ends short. Resolves how it ended and how many
 * items went.
 */
export async function sendOnce(userId: string): Promise<{ end: PassEnd; sent: number }> {
  const { end, sent } = await exclusively(() => pass(userId));
  if (sent.length > 0) await afterSent(sent.length, sent.length);
  return { end, sent: sent.length };
}

let running: Promise<void> | null = null;
let again = false;
let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Items kept in this page that no pass has found the network down for yet. */
const fresh = new Set<string>();

/**
 * Sends the player's outbox now, with `justKept` the item a create just kept. Calls while a pass
 * runs are folded into one more pass; a pass that meets the network down tries again later,
 * sooner if it moved something forward.
 */
export function flushOutbox(userId: string, justKept?: string): Promise<void> {
  if (justKept) fresh.add(justKept);
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        clearTimeout(timer);
        const { end, progressed, sent } = await exclusively(() => pass(userId));
        const waited = sent.filter((id) => !fresh.delete(id)).length;
        if (sent.length > 0) await afterSent(sent.length, waited);
        // What is left has now waited for the network.
        if (end === 'network' || end === 'later') fresh.clear();
        if (end === 'empty' || end === 'signed-out') {
          failures = 0;
          continue;
        }
        failures = progressed ? 1 : failures + 1;
        timer = setTimeout(() => void flushOutbox(userId), retryDelay(failures));
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}
