export {
  discoveryQuery,
  nearbyDiscoveriesQuery,
  useCreateDiscovery,
  useCreateGraffiti,
} from './discoveries-api.ts';
export { DiscoveryListSkeleton, NoDiscoveriesYet } from './discovery-states.tsx';
export { DiscoveryThumb } from './discovery-thumb.tsx';
export { LocationLine } from './location-line.tsx';
export { FIND_LOGGED, useDiscoverySave, type CaptureTexts } from './use-discovery-save.ts';
