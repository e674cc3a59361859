/** SPEC §9 constants shared by client and server. */

export const FALLBACK_LOCATION = { latitude: -28.0167, longitude: 153.4 } as const;

export const SEARCH_RADIUS_KM = { discoveries: 4, legalWalls: 10 } as const;

export const RECENT_DISCOVERIES_SHOWN = 5;

export const PRO_PRICE_LABEL = '$9.99/month';
