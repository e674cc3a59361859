import type { EmojiPin } from '../../../../core/constants.ts';
import { formatAddress } from '../../../../core/geo.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import type { Role } from './capture-fields.tsx';

export interface DiscoveryFormState {
  name: string;
  description: string;
  emojiPin: EmojiPin;
  userRole: Role;
  isFreshArt: boolean;
}

/** SPEC §4: after success or on close the form returns to pin Location, photographer, not fresh. */
export const DISCOVERY_DEFAULTS: DiscoveryFormState = {
  name: '',
  description: '',
  emojiPin: 'location',
  userRole: 'photographer',
  isFreshArt: false,
};

/**
 * The create's body for the trimmed `name`; without a location the outbox takes the photo's
 * when it is processed.
 */
export function discoveryBody(
  form: DiscoveryFormState,
  name: string,
  location: Coordinates | null,
  imageUrl?: string,
  artworkId?: string,
) {
  const isFreshArt = form.userRole === 'artist' && form.isFreshArt;
  return {
    name,
    description: form.description.trim(),
    imageUrl,
    emojiPin: form.emojiPin,
    userRole: form.userRole,
    isFreshArt,
    ...(location && {
      latitude: location.latitude,
      longitude: location.longitude,
      address: formatAddress(location.latitude, location.longitude),
    }),
    metadata: {
      timestamp: new Date().toISOString(),
      ...(location && { coordinates: location }),
      submissionType: isFreshArt ? 'fresh_artwork' : 'discovery',
      emojiType: form.emojiPin,
    },
    artworkId,
  };
}
