import { describe, expect, it } from 'vitest';
import {
  DISCOVERY_LINK_ZOOM,
  discoveryMapHref,
  parseLinkedDiscovery,
  parseMapLink,
} from './map-params.ts';

describe('map links to one discovery', () => {
  it('open the map at the piece, close up, and name it for selection', () => {
    const id = '0b7c6c1e-3f7a-4a57-9a11-0d7b1f1f2a3c';
    const href = discoveryMapHref({ id, latitude: -28.0167, longitude: 153.4 });
    const search = href.slice(href.indexOf('?'));
    expect(href.startsWith('/?')).toBe(true);
    expect(parseMapLink(search)).toEqual({
      centre: { latitude: -28.0167, longitude: 153.4 },
      zoom: DISCOVERY_LINK_ZOOM,
    });
    expect(parseLinkedDiscovery(search)).toBe(id);
  });

  it('ignore a missing or malformed discovery id', () => {
    for (const search of [
      '?lat=1&lng=2',
      '?discovery=',
      '?discovery=a%20b',
      '?discovery=%3Cscript%3E',
      `?discovery=${'a'.repeat(101)}`,
    ]) {
      expect(parseLinkedDiscovery(search), search).toBeNull();
    }
  });
});
