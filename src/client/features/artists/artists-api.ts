import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtistProfile, ArtworkCredits, Claim } from '../../../core/schemas/artists.ts';
import { catalogKeys } from '../../api/catalog.ts';
import { apiRequest, getQueryFn } from '../../lib/query-client.ts';

/** Artist profiles, credits and claims (docs/decisions/049-artists.md). */

export const artistKeys = {
  one: (id: string) => [...catalogKeys.artists, id] as const,
  credits: (artworkId: string) => ['/api/artworks', artworkId, 'credits'] as const,
  claims: ['/api/artist-claims'] as const,
};

/** GET /api/artists/:id: the profile, its pieces, players' photos of them and the counts. */
export function artistQuery(id: string) {
  return queryOptions({
    queryKey: artistKeys.one(id),
    queryFn: getQueryFn<ArtistProfile>({ on401: 'throw' }),
  });
}

/** GET /api/artworks/:id/credits: the piece's credits, with their history. */
export function creditsQuery(artworkId: string) {
  return queryOptions({
    queryKey: artistKeys.credits(artworkId),
    queryFn: getQueryFn<ArtworkCredits>({ on401: 'throw' }),
  });
}

/** GET /api/artist-claims: the claims waiting for staff. */
export const claimsQuery = queryOptions({
  queryKey: artistKeys.claims,
  queryFn: getQueryFn<Claim[]>({ on401: 'throw' }),
});

/** Every artist answer may change with a credit: the list, the pages and the piece's credits. */
function useCreditChange(artworkId: string) {
  const queryClient = useQueryClient();
  return async (credits: ArtworkCredits) => {
    queryClient.setQueryData(artistKeys.credits(artworkId), credits);
    await queryClient.invalidateQueries({ queryKey: catalogKeys.artists });
  };
}

type CreditAction =
  | { kind: 'propose'; artistId: string }
  | { kind: 'vote'; creditId: string; vote: 'confirm' | 'dispute' }
  | { kind: 'settle'; creditId: string; decision: 'confirm' | 'reject' };

/** Propose an artist, confirm or dispute a credit, or settle it as the artist. */
export function useCreditAction(artworkId: string) {
  const changed = useCreditChange(artworkId);
  return useMutation({
    mutationFn: async (action: CreditAction): Promise<ArtworkCredits> => {
      const key = { 'Idempotency-Key': crypto.randomUUID() };
      const res =
        action.kind === 'propose'
          ? await apiRequest(
              'POST',
              `/api/artworks/${encodeURIComponent(artworkId)}/credits`,
              { artistId: action.artistId },
              key,
            )
          : action.kind === 'vote'
            ? await apiRequest(
                'POST',
                `/api/artist-credits/${encodeURIComponent(action.creditId)}/votes`,
                { vote: action.vote },
                key,
              )
            : await apiRequest(
                'POST',
                `/api/artist-credits/${encodeURIComponent(action.creditId)}/decision`,
                { decision: action.decision },
                key,
              );
      return (await res.json()) as ArtworkCredits;
    },
    onSuccess: changed,
  });
}

/** The verified artist settles a credit from their own page. */
export function useSettleFromProfile(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { creditId: string; decision: 'confirm' | 'reject' }) => {
      await apiRequest(
        'POST',
        `/api/artist-credits/${encodeURIComponent(input.creditId)}/decision`,
        { decision: input.decision },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: artistKeys.one(artistId) }),
        queryClient.invalidateQueries({ queryKey: ['/api/artworks'] }),
      ]),
  });
}

export type ClaimInput =
  | { evidenceKind: 'link'; evidenceUrl: string; note: string }
  | { evidenceKind: 'photo'; imageUrl: string; note: string };

/** POST /api/artists/:id/claims: "This is me". */
export function useClaimArtist(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ClaimInput) => {
      const res = await apiRequest(
        'POST',
        `/api/artists/${encodeURIComponent(artistId)}/claims`,
        input,
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      return (await res.json()) as Claim;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: artistKeys.one(artistId) }),
  });
}

/** POST /api/artist-claims/:id/decision: staff verify or refuse. */
export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; decision: 'verify' | 'refuse'; reason: string }) => {
      await apiRequest(
        'POST',
        `/api/artist-claims/${encodeURIComponent(input.id)}/decision`,
        { decision: input.decision, reason: input.reason },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: artistKeys.claims }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.artists }),
        queryClient.invalidateQueries({ queryKey: ['/api/moderation'] }),
      ]),
  });
}

/** PUT /api/artists/:id/video: the verified artist's video for their profile or a piece. */
export function useSetVideo(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { url: string; artworkId?: string }) => {
      await apiRequest('PUT', `/api/artists/${encodeURIComponent(artistId)}/video`, input);
    },
    onSuccess: (_, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: artistKeys.one(artistId) }),
        input.artworkId
          ? queryClient.invalidateQueries({ queryKey: artistKeys.credits(input.artworkId) })
          : null,
      ]),
  });
}
