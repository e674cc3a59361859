import type { Artwork } from '../../../../core/schemas/artworks.ts';
import type { NearbyLegalWall } from '../../../../core/schemas/walls.ts';

/** SPEC §3 map place: what the location panel shows. Legal walls are type legal_wall. */
export interface MapPlace {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  type: 'legal_wall' | 'street_art';
  latitude: number;
  longitude: number;
  /** The pin type an artwork was first pinned with. */
  pin?: string;
  /** Legal-wall details (SPEC §2 info window). */
  wall?: NearbyLegalWall;
  /** Artwork details: status, freshness, artist, finders. */
  artwork?: Artwork;
}

export function wallToPlace(wall: NearbyLegalWall): MapPlace {
  return {
    id: wall.id,
    name: wall.name,
    description: wall.description,
    imageUrl: wall.imageUrl,
    type: 'legal_wall',
    latitude: wall.latitude,
    longitude: wall.longitude,
    wall,
  };
}

/** An artwork on the map: street art, with its newest photo and first finder's words. */
export function artworkToPlace(a: Artwork): MapPlace {
  return {
    id: a.id,
    name: a.title,
    description: a.description,
    imageUrl: a.coverImageUrl,
    type: 'street_art',
    latitude: a.latitude,
    longitude: a.longitude,
    pin: a.emojiPin,
    artwork: a,
  };
}
