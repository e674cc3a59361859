export { SearchField } from './search-field.tsx';
export { EmptyState, LoadError } from './status-states.tsx';
export { ArtworkCredits } from './artwork-credits.tsx';
export { claimsQuery, useDecideClaim } from './artists-api.ts';
