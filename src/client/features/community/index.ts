export { communityKeys } from './community-api.ts';
