/** SPEC constants shared by client and server. No zod here: the client imports this freely. */

export const FALLBACK_LOCATION = { latitude: -28.0167, longitude: 153.4 } as const;

export const SEARCH_RADIUS_KM = { discoveries: 4, legalWalls: 10 } as const;

export const RECENT_DISCOVERIES_SHOWN = 5;

export const PRO_PRICE_LABEL = '$9.99/month';

export const EMOJI_PIN_IDS = ['tag', 'location', 'marker', 'flag', 'hot_spot'] as const;
export type EmojiPin = (typeof EMOJI_PIN_IDS)[number];

/** SPEC §2 pin types of the discovery dialog. */
export const EMOJI_PINS: Record<EmojiPin, { label: string; emoji: string }> = {
  tag: { label: 'Tag', emoji: '🏷️' },
  location: { label: 'Location', emoji: '📍' },
  marker: { label: 'Marker', emoji: '🖍️' },
  flag: { label: 'Flag', emoji: '🚩' },
  hot_spot: { label: 'Hot Spot', emoji: '🔥' },
};

export const UPLOAD_PURPOSES = ['discovery', 'graffiti', 'gallery', 'profile', 'wall'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** SPEC §5: what an upload is for decides its byte limit. */
export const UPLOAD_LIMITS: Record<UploadPurpose, number> = {
  discovery: 10_485_760,
  graffiti: 10_485_760,
  gallery: 10_485_760,
  profile: 5_242_880,
  wall: 10_485_760,
};

/** Resumable uploads only for files over this size (SPEC §7: multipart when over 5 MB). */
export const MULTIPART_THRESHOLD_BYTES = 5 * 1_048_576;
/** S3's highest part number, which the local store keeps too (SPEC §7, Uploader). */
export const MAX_PART_NUMBER = 10_000;

/** Longest photo link imported (docs/decisions/048): longer than any image host's. */
export const PHOTO_LINK_MAX_LENGTH = 2048;

/** The longest words a player may write about a piece: a description, a find's note. */
export const DESCRIPTION_MAX = 2000;

/** The longest name a passkey may have on the profile (docs/decisions/036). */
export const PASSKEY_NAME_MAX = 60;

/** The radii a player may save around a point, in km (docs/decisions/037-saved-areas.md). */
export const AREA_RADII_KM = [1, 2, 5] as const;
export const MAX_AREA_RADIUS_KM = 5;

/** Most artworks one saved area holds; a denser area must be saved smaller. */
export const AREA_ARTWORKS_LIMIT = 5000;
/** Most walls one saved area holds. */
export const AREA_WALLS_LIMIT = 1000;
