export { ArtworkSource } from './artwork-source.tsx';
export { ArtworkCover, StatusBadge } from './artwork-status.tsx';
export { artworkQuery } from './artworks-api.ts';
export { artworkHref } from './links.ts';
