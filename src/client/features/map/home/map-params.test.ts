import { describe, expect, it } from 'vitest';
import {
  DISCOVERY_LINK_ZOOM,
  artworkMapHref,
  discoveryMapHref,
  parseLinkedPiece,
  parseMapLink,
} from './map-params.ts';

describe('map links to one piece', () => {
  const id = '0b7c6c1e-3f7a-4a57-9a11-0d7b1f1f2a3c';
  const at = { id, latitude: -28.0167, longitude: 153.4 };

  it('open the map at a discovery, close up, and name it for selection', () => {
    const href = discoveryMapHref(at);
    const search = href.slice(href.indexOf('?'));
    expect(href.startsWith('/?')).toBe(true);
    expect(parseMapLink(search)).toEqual({
      centre: { latitude: -28.0167, longitude: 153.4 },
      zoom: DISCOVERY_LINK_ZOOM,
    });
    expect(parseLinkedPiece(search)).toEqual({ kind: 'discovery', id });
  });

  it('open the map at an artwork the same way', () => {
    const href = artworkMapHref(at);
    const search = href.slice(href.indexOf('?'));
    expect(parseMapLink(search)?.zoom).toBe(DISCOVERY_LINK_ZOOM);
    expect(parseLinkedPiece(search)).toEqual({ kind: 'artwork', id });
    expect(parseLinkedPiece(`${search}&discovery=other`)).toEqual({ kind: 'artwork', id });
  });

  it('ignore a missing or malformed id', () => {
    for (const search of [
      '?lat=1&lng=2',
      '?discovery=',
      '?discovery=a%20b',
      '?artwork=%3Cscript%3E',
      `?discovery=${'a'.repeat(101)}`,
    ]) {
      expect(parseLinkedPiece(search), search).toBeNull();
    }
  });
});
