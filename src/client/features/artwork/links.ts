import type { Artwork } from '../../../core/schemas/artworks.ts';

type Place = Pick<Artwork, 'latitude' | 'longitude'>;

/** How close the map opens at a piece: the piece and the doorways beside it. */
const PIECE_ZOOM = 19;

/** An artwork's page. */
export const artworkHref = (id: string) => `/art/${encodeURIComponent(id)}`;

/** The map at the piece, as SPEC's map links (?lat&lng&zoom). */
export const mapHref = ({ latitude, longitude }: Place) =>
  `/?${new URLSearchParams({ lat: String(latitude), lng: String(longitude), zoom: String(PIECE_ZOOM) })}`;

/** The phone's own maps app (RFC 5870). */
export const geoHref = ({ latitude, longitude }: Place) => `geo:${latitude},${longitude}`;

export const osmHref = ({ latitude, longitude }: Place) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${PIECE_ZOOM}/${latitude}/${longitude}`;
