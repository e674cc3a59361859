import { lazyPart } from '../../components/ui/lazy-boundary.tsx';

export { discoveryMapHref } from './home/map-params.ts';
export { rememberSignedIn, warmStart } from './warm-start.ts';

// Its own chunk, loaded by a page that shows a route (a walking tour): MapLibre comes with it.
export const RouteMap = lazyPart(() => import('./view/route-map.tsx'));
export type { RouteStop } from './view/route-map.tsx';
