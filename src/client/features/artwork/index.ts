export { ArtworkSource } from './artwork-source.tsx';
export { artworkState } from './artwork-state.ts';
export { ArtworkCover, StateBadge, StatusBadge } from './artwork-status.tsx';
export { artworkQuery } from './artworks-api.ts';
export { artworkHref } from './links.ts';
