import { describe, expect, it } from 'vitest';
import type { Artwork, ArtworkLog, LogKind } from '../../../core/schemas/artworks.ts';
import { artworkState } from './artwork-state.ts';

const NEWER = { id: 'fresh-wombat', title: 'Fresh wombat' };
const day = (n: number) => new Date(Date.UTC(2026, 5, n)).toISOString();

let ids = 0;
const log = (kind: LogKind, on: number, pendingReview = false): ArtworkLog => ({
  id: `log-${++ids}`,
  kind,
  username: 'someone',
  imageUrl: null,
  tokensAwarded: 0,
  pendingReview,
  note: null,
  createdAt: day(on),
});

/** An artwork last seen on day `seen`, with its logs newest first as the server sends them. */
const artwork = (
  seen: number,
  logs: ArtworkLog[],
  more: Partial<Pick<Artwork, 'status' | 'paintedOverBy'>> = {},
) => ({
  status: 'present' as const,
  paintedOverBy: null,
  lastSeenAt: day(seen),
  logs: logs.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt)),
  ...more,
});

describe('artworkState: one state at a time', () => {
  it('is still there with no report since it was last seen', () => {
    expect(artworkState(artwork(3, [log('found', 3), log('found', 1)]))).toEqual({
      kind: 'present',
    });
  });

  it('reads one painted-over report as reported, not confirmed, naming the newer piece', () => {
    const state = artworkState(
      artwork(3, [log('found', 3), log('painted_over', 5)], { paintedOverBy: NEWER }),
    );
    expect(state).toEqual({ kind: 'reported', report: 'painted_over', paintedOverBy: NEWER });
  });

  it('reads one gone report as reported gone, not confirmed', () => {
    expect(artworkState(artwork(3, [log('found', 3), log('gone', 4)]))).toEqual({
      kind: 'reported',
      report: 'gone',
      paintedOverBy: null,
    });
  });

  it('is gone, painted over by the newer piece, once the server says gone', () => {
    const logs = [log('found', 3), log('painted_over', 4), log('gone', 5)];
    expect(artworkState(artwork(3, logs, { status: 'gone', paintedOverBy: NEWER }))).toEqual({
      kind: 'gone',
      paintedOverBy: NEWER,
    });
    expect(artworkState(artwork(3, [log('gone', 4), log('gone', 5)], { status: 'gone' }))).toEqual({
      kind: 'gone',
      paintedOverBy: null,
    });
  });

  it('is still there after a photo newer than the painted-over report, and names no newer piece', () => {
    const logs = [log('painted_over', 4), log('found', 6)];
    expect(artworkState(artwork(6, logs, { paintedOverBy: NEWER }))).toEqual({ kind: 'present' });
  });

  it('does not name a newer piece from a report older than the last sighting', () => {
    const logs = [log('painted_over', 2), log('found', 3), log('gone', 4), log('gone', 5)];
    expect(artworkState(artwork(3, logs, { status: 'gone', paintedOverBy: NEWER }))).toEqual({
      kind: 'gone',
      paintedOverBy: null,
    });
  });

  it("leaves out the player's own report held for review: it has not counted", () => {
    expect(artworkState(artwork(3, [log('found', 3), log('gone', 4, true)]))).toEqual({
      kind: 'present',
    });
  });

  it('tells a report and a find of the same day apart by their order, as times show the day only', () => {
    const today = { status: 'present' as const, paintedOverBy: null, lastSeenAt: day(7) };
    const reportAfterFind = [log('gone', 7), log('found', 7)];
    expect(artworkState({ ...today, logs: reportAfterFind })).toEqual({
      kind: 'reported',
      report: 'gone',
      paintedOverBy: null,
    });
    const findAfterReport = [log('found', 7), log('gone', 7)];
    expect(artworkState({ ...today, logs: findAfterReport })).toEqual({ kind: 'present' });
  });
});
