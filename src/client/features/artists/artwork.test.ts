import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ARTWORKS, DEFAULT_ARTWORK, artworkFor } from './artwork.ts';

describe('sample artwork', () => {
  it('is chosen by name, ignoring case and spacing, with a default otherwise', () => {
    expect(artworkFor('Banksy')).toBe(artworkFor('  BANKSY '));
    expect(artworkFor('Banksy')).not.toBe(DEFAULT_ARTWORK);
    expect(artworkFor('Nobody We Know')).toBe(DEFAULT_ARTWORK);
  });

  it('has distinct titles and local files only', () => {
    expect(new Set(ALL_ARTWORKS.map((a) => a.title)).size).toBe(ALL_ARTWORKS.length);
    for (const a of ALL_ARTWORKS) expect(a.src).not.toMatch(/^https?:/);
  });

  it('gives every seeded artist a sample artwork of its own', () => {
    const seeded: { name: string }[] = JSON.parse(
      readFileSync(new URL('../../../data/artists.json', import.meta.url), 'utf8'),
    );
    const pieces = seeded.map((a) => artworkFor(a.name));
    for (const [i, piece] of pieces.entries())
      expect(piece, seeded[i]!.name).not.toBe(DEFAULT_ARTWORK);
    expect(new Set(pieces).size).toBe(pieces.length);
  });
});
