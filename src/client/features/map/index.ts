export { discoveryMapHref } from './home/map-params.ts';
export { rememberSignedIn, warmStart } from './warm-start.ts';
