export { discoveryMapHref } from './home/map-params.ts';
export { rememberSignedIn, warmStart } from './warm-start.ts';

export { RouteMapCard } from './route-map-card.tsx';
