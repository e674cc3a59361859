import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Artist } from '../../../core/schemas/catalog.ts';
import { ALL_ARTWORKS, DEFAULT_ARTWORK, artworkFor } from './artwork.ts';
import { countLabel, filterArtists, matchesAny, normalise } from './search.ts';

const artist = (over: Partial<Artist>): Artist => ({
  id: 'x',
  name: 'Someone',
  aka: null,
  city: 'Nowhere',
  country: 'Atlantis',
  activeYears: '2000–present',
  style: 'Stencils',
  achievements: [],
  ...over,
});

describe('artist search', () => {
  const artists = [
    artist({ id: 'a', name: 'Tyrone Wright', aka: 'Rone', city: 'Melbourne' }),
    artist({ id: 'b', name: 'Os Gêmeos', city: 'São Paulo' }),
    artist({ id: 'c', name: 'Banksy', city: 'Bristol' }),
  ];

  it('matches name, aka or city ignoring case and accents', () => {
    expect(filterArtists(artists, 'TYRONE').map((a) => a.id)).toEqual(['a']);
    expect(filterArtists(artists, 'rone').map((a) => a.id)).toEqual(['a']);
    expect(filterArtists(artists, 'melb').map((a) => a.id)).toEqual(['a']);
    expect(filterArtists(artists, 'sao paulo').map((a) => a.id)).toEqual(['b']);
    expect(filterArtists(artists, 'gemeos').map((a) => a.id)).toEqual(['b']);
  });

  it('does not search other fields, and an empty query keeps everything', () => {
    expect(filterArtists(artists, 'stencils')).toEqual([]);
    expect(filterArtists(artists, '   ')).toHaveLength(3);
  });

  it('normalises spacing', () => {
    expect(normalise('  São   Paulo ')).toBe('sao paulo');
    expect(matchesAny('x', [null, undefined])).toBe(false);
  });

  it('says 1 in the singular', () => {
    expect(countLabel(1, 'Artist Featured', 'Artists Featured')).toBe('1 Artist Featured');
    expect(countLabel(0, 'Artist Featured', 'Artists Featured')).toBe('0 Artists Featured');
    expect(countLabel(8, 'Artist Featured', 'Artists Featured')).toBe('8 Artists Featured');
  });
});

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
