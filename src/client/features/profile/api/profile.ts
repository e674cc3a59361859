import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDiscovery } from '../../../../core/schemas/discoveries.ts';
import type {
  Achievement,
  Artwork,
  CollectionItem,
  CreateArtwork,
} from '../../../../core/schemas/profile.ts';
import type { User } from '../../../../core/schemas/user.ts';
import { apiRequest } from '../../../lib/query-client.ts';
import { authKeys } from '../../../api/auth.ts';

/** Query keys are the request paths (SPEC §7: the default GET joins the key with "/"). */
export const profileKeys = {
  art: ['/api/profile/art'] as const,
  achievements: ['/api/profile/achievements'] as const,
  collection: ['/api/profile/collection'] as const,
  /** The player's own discoveries, newest first (the discoveries API area owns the route). */
  myDiscoveries: ['/api/discoveries/user'] as const,
};

export const artworksQuery = queryOptions<Artwork[]>({ queryKey: profileKeys.art });
/**
 * Achievements and the discoveries list change through other screens (the map, markers, the
 * forum), so the profile asks again each time it opens, showing what it had meanwhile.
 */
export const achievementsQuery = queryOptions<Achievement[]>({
  queryKey: profileKeys.achievements,
  refetchOnMount: 'always',
});
/** The NFT Collection unlocks through the same deeds as the achievements: asked again likewise. */
export const collectionQuery = queryOptions<CollectionItem[]>({
  queryKey: profileKeys.collection,
  refetchOnMount: 'always',
});
export const myDiscoveriesQuery = queryOptions<UserDiscovery[]>({
  queryKey: profileKeys.myDiscoveries,
  refetchOnMount: 'always',
});

/** Points the profile at an uploaded picture (PUT /api/profile/picture); the auth user is refreshed. */
export function useUpdateProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageUrl: string): Promise<User> => {
      const res = await apiRequest('PUT', '/api/profile/picture', { imageUrl });
      return (await res.json()) as User;
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(authKeys.user, user);
      await queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}

/** Adds a piece with an uploaded photo (purpose gallery) to the gallery. */
export function useAddArtwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (art: CreateArtwork): Promise<Artwork> => {
      const res = await apiRequest('POST', '/api/profile/art', art);
      return (await res.json()) as Artwork;
    },
    onSuccess: async (artwork) => {
      queryClient.setQueryData<Artwork[]>(profileKeys.art, (old) => [
        artwork,
        ...(old ?? []).filter((a) => a.id !== artwork.id),
      ]);
      await queryClient.invalidateQueries({ queryKey: profileKeys.art });
    },
  });
}
