// Re-exports only (vite.config.ts): a page takes what it uses, not the whole feature.
export { ProposeWallDialog } from './on-demand.ts';
export { WallDetails } from './wall-details.tsx';
export { WALL_MARKER_STYLE, WallStatusBadge } from './wall-status-badge.tsx';
export { WallTrust } from './wall-trust.tsx';
export { nearbyWallsQuery, wallQuery, wallsInViewQuery } from './walls-api.ts';
