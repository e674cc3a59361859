import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import type { Artwork } from '../../core/schemas/artworks.ts';
import { importSource, readListing } from '../import/run-import.ts';

/**
 * An artwork an open-data source lists shows whose facts they are, under which licence, and
 * how precise its place is (docs/decisions/023-open-data-connectors.md); a player's own piece
 * names no source.
 */

const FIXTURE = path.resolve('test/fixtures/open-data/ckan.csv');

let t: TestApp;
let player: Player;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  player = await signUp(t.app);
  await importSource(t.db, 'montreal-murales', await readListing('montreal-murales', FIXTURE));
});
afterAll(() => t.close());

const artwork = async (id: string) => {
  const res = await player.request({ url: `/api/artworks/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json<Artwork>();
};

describe('an artwork from an open-data source', () => {
  it('names the dataset, its licence and attribution, with the facts it gave', async () => {
    const mural = await artwork('art-montreal-murales-1');
    expect(mural).toMatchObject({
      title: 'Mural by Fixture Picard',
      artistName: 'Fixture Picard',
      year: 2007,
      address: '4105, 47e rue (coin Fixture)',
      firstFinder: null,
      coverImageUrl: null,
      source: {
        dataset: 'Ville de Montréal, Murales subventionnées',
        licence: 'CC BY 4.0',
        attribution: 'Ville de Montréal, Murales subventionnées (CC BY 4.0)',
        approximate: false,
        notInSourceSince: null,
      },
    });
    expect(mural.source?.url).toMatch(/^https:\/\//);
  });

  it('says when the source gives its place only to about 100 m, and when it is gone', async () => {
    const gone = await artwork('art-montreal-murales-40');
    expect(gone.status).toBe('gone');
    expect(gone.source?.approximate).toBe(true);
  });

  it('names no source for a piece a player pinned', async () => {
    const res = await player.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Mine', latitude: -27.5, longitude: 153.1 },
    });
    const mine = await artwork(res.json<{ artworkId: string }>().artworkId);
    expect(mine).toMatchObject({ source: null, year: null, address: null });
  });
});
