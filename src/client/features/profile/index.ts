export { collectionQuery, profileKeys } from './api/profile.ts';
