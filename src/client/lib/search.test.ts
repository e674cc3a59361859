import { describe, expect, it } from 'vitest';
import type { Artist } from '../../core/schemas/catalog.ts';
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
