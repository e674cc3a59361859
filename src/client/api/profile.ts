import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDiscovery } from '../../core/schemas/discoveries.ts';
import { UPLOAD_LIMITS, type UploadPurpose } from '../../core/constants.ts';
import type { UploadTicket } from '../../core/schemas/objects.ts';
import type { Achievement, Artwork, CreateArtwork } from '../../core/schemas/profile.ts';
import type { User } from '../../core/schemas/user.ts';
import { apiRequest, throwIfResNotOk } from '../lib/query-client.ts';
import { authKeys } from './auth.ts';

/** SPEC §5 upload limits; the server enforces them whatever the client does. */
export const MAX_BYTES = UPLOAD_LIMITS;

/** Query keys are the request paths (SPEC §7: the default GET joins the key with "/"). */
export const profileKeys = {
  art: ['/api/profile/art'] as const,
  achievements: ['/api/profile/achievements'] as const,
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
export const myDiscoveriesQuery = queryOptions<UserDiscovery[]>({
  queryKey: profileKeys.myDiscoveries,
  refetchOnMount: 'always',
});

/**
 * A failed step of a photo flow: 'upload' (getting the link or sending the bytes) or 'save'
 * (the record that uses the photo). The message stays the HTTP error's ("401: ..."), so
 * isUnauthorizedError still recognises it.
 */
export class PhotoStepError extends Error {
  constructor(
    readonly step: 'upload' | 'save',
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PhotoStepError';
  }
}

/**
 * Uploads one photo: asks for a single-use link (POST /api/objects/upload with its purpose,
 * which sets the byte limit), PUTs the file's bytes to it and returns the photo's /objects/ URL.
 */
export async function uploadPhoto(file: File, purpose: UploadPurpose): Promise<string> {
  const res = await apiRequest('POST', '/api/objects/upload', { purpose });
  const { uploadURL, completeURL, objectURL } = (await res.json()) as UploadTicket;
  const put = await fetch(uploadURL, {
    method: 'PUT',
    body: file,
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  await throwIfResNotOk(put);
  await apiRequest('POST', completeURL);
  return objectURL;
}

async function step<T>(name: PhotoStepError['step'], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PhotoStepError(name, error);
  }
}

/** Uploads a new profile picture, then points the profile at it; the auth user is refreshed. */
export function useUpdateProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<User> => {
      const imageUrl = await step('upload', () => uploadPhoto(file, 'profile'));
      return step('save', async () => {
        const res = await apiRequest('PUT', '/api/profile/picture', { imageUrl });
        return (await res.json()) as User;
      });
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(authKeys.user, user);
      await queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}

export type NewArtwork = Omit<CreateArtwork, 'imageUrl'> & { file: File };

/** Uploads the photo (purpose gallery, 10 MB), then adds the piece to the gallery. */
export function useAddArtwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, ...fields }: NewArtwork): Promise<Artwork> => {
      const imageUrl = await step('upload', () => uploadPhoto(file, 'gallery'));
      return step('save', async () => {
        const res = await apiRequest('POST', '/api/profile/art', { ...fields, imageUrl });
        return (await res.json()) as Artwork;
      });
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
