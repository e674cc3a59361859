import { describe, expect, it } from 'vitest';
import {
  classify,
  messageOf,
  renewed,
  retryDelay,
  sendOrder,
  type OutboxItem,
  type OutboxState,
} from './kinds.ts';

function item(id: string, createdAt: string, state: OutboxState = 'waiting'): OutboxItem {
  return {
    id,
    userId: 'u1',
    kind: 'discovery',
    title: id,
    createdAt,
    path: '/api/discoveries',
    body: { name: id },
    key: `key-${id}`,
    photo: null,
    photoField: 'imageUrl',
    spotFromPhoto: false,
    state,
    reason: state === 'refused' ? 'This photo has already been documented' : null,
  };
}

describe('sendOrder', () => {
  it('sends the oldest first and leaves refused items for the player', () => {
    const order = sendOrder([
      item('c', '2026-11-24T10:00:03.000Z'),
      item('a', '2026-11-24T10:00:01.000Z'),
      item('r', '2026-11-24T10:00:00.000Z', 'refused'),
      item('b', '2026-11-24T10:00:02.000Z', 'sending'),
    ]);
    expect(order.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps items made in the same millisecond in one stable order', () => {
    const at = '2026-11-24T10:00:00.000Z';
    expect(sendOrder([item('y', at), item('x', at)]).map((i) => i.id)).toEqual(['x', 'y']);
  });
});

describe('retryDelay', () => {
  it('doubles from a second after each pass that moved nothing, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('classify', () => {
  it('treats gateway answers as the network: the request may or may not have run', () => {
    for (const status of [502, 503, 504]) expect(classify(status, 'x', false).kind).toBe('network');
  });

  it('waits on limits, timeouts and a key still running, and refuses the rest of the 4xx', () => {
    expect(classify(429, 'slow down', false).kind).toBe('later');
    expect(classify(408, 'timeout', false).kind).toBe('later');
    expect(classify(409, 'still running', true).kind).toBe('later');
    expect(classify(401, 'sign in', false).kind).toBe('signed-out');
    expect(classify(409, 'This photo has already been documented', false)).toEqual({
      kind: 'refused',
      status: 409,
      message: 'This photo has already been documented',
    });
    expect(classify(500, 'Internal Server Error', false).kind).toBe('refused');
  });
});

describe('messageOf', () => {
  it("reads the server's message, else the text, else the status", () => {
    expect(messageOf(400, '{"message":"Please enter a name for your discovery."}')).toBe(
      'Please enter a name for your discovery.',
    );
    expect(messageOf(502, 'Bad Gateway')).toBe('Bad Gateway');
    expect(messageOf(500, '')).toBe('The server answered 500.');
  });
});

describe('renewed', () => {
  it('gives an edited item new keys, back to waiting, its photo restarted from a new link', () => {
    const refused: OutboxItem = {
      ...item('a', '2026-11-24T10:00:00.000Z', 'refused'),
      photo: {
        blob: new Blob(['x'], { type: 'image/jpeg' }),
        purpose: 'discovery',
        job: {
          step: 'complete',
          completeKey: 'old-complete',
          ticket: { completeURL: '/api/objects/o/complete' },
        },
      },
    };
    const next = renewed(refused, { name: 'edited' });
    expect(next).toMatchObject({ state: 'waiting', reason: null, body: { name: 'edited' } });
    expect(next.key).not.toBe(refused.key);
    expect(next.photo?.job.step).toBe('ticket');
    expect(next.photo?.job).not.toHaveProperty('completeKey');
  });

  it('keeps a photo the server already processed', () => {
    const photo = {
      objectURL: '/objects/o',
      thumbnailURL: '/objects/o/thumbnail',
      width: 1,
      height: 1,
      location: null,
    };
    const done: OutboxItem = {
      ...item('a', '2026-11-24T10:00:00.000Z', 'refused'),
      photo: { blob: new Blob(['x']), purpose: 'discovery', job: { step: 'done', photo } },
    };
    expect(renewed(done, done.body).photo?.job).toEqual({ step: 'done', photo });
  });
});
