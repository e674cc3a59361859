export {
  discoveryQuery,
  nearbyDiscoveriesQuery,
  useCreateDiscovery,
  useCreateGraffiti,
} from './discoveries-api.ts';
export { DiscoveryListSkeleton, NoDiscoveriesYet } from './discovery-states.tsx';
export { DiscoveryThumb } from './discovery-thumb.tsx';
