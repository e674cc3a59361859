import type { Mission } from '../../../core/schemas/catalog.ts';
import { matchesAny } from '../../lib/search.ts';

/** SPEC §2 Missions: missions match on title and description. */
export function filterMissions(missions: readonly Mission[], query: string): Mission[] {
  return missions.filter((m) => matchesAny(query, [m.title, m.description]));
}

/** SPEC §9: mission and wall map links open the map at zoom 16. */
export const MAP_LINK_ZOOM = 16;

export function mapLink(lat: number, lng: number): string {
  return `/?lat=${lat}&lng=${lng}&zoom=${MAP_LINK_ZOOM}`;
}

/** Start Mission goes to the target on the map, or to / when the mission has none. */
export function missionHref(mission: Pick<Mission, 'targetLocation'>): string {
  const t = mission.targetLocation;
  return t ? mapLink(t.lat, t.lng) : '/';
}

/** 'photo_hunt' → 'Photo hunt'. */
export function formatMissionType(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** SPEC §2: easy green, medium yellow, otherwise red. */
export function difficultyVariant(difficulty: string): 'green' | 'yellow' | 'red' {
  return difficulty === 'easy' ? 'green' : difficulty === 'medium' ? 'yellow' : 'red';
}
