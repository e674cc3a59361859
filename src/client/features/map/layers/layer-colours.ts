/**
 * Ring colours of the my-logs layer, shared by the map and the key in the layers panel (which
 * must not pull the map's code into the page): found, reported gone or painted over, waiting
 * for review.
 */
export const MY_LOG_COLOURS = { found: '#a3ff5c', gone: '#ff4d6d', pending: '#ffd23f' } as const;
