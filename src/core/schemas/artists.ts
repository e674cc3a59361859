import { z } from 'zod';
import { ArtistSchema } from './catalog.ts';
import { IdSchema, IsoDateSchema, ObjectUrlSchema, trimmed } from './common.ts';

/**
 * Artist profiles, credits and claims (docs/decisions/049-artists.md). A credit is settled by
 * players: one confirmation from a player other than its proposer confirms it; disputes from
 * CREDIT_RULES.disputesNeeded players, and more disputes than agreeing players, dispute it. The
 * verified artist's word settles it for good.
 */
export const CREDIT_RULES = {
  /** Players other than the proposer who must confirm a credit. */
  confirmationsNeeded: 1,
  /** Players who must dispute a credit (outnumbering those who agree) to dispute it. */
  disputesNeeded: 2,
} as const;

export const CreditStatusSchema = z.enum(['proposed', 'confirmed', 'disputed', 'rejected']);
export type CreditStatus = z.infer<typeof CreditStatusSchema>;

/**
 * An artist's video (Pro): which provider, and its id only for a viewer who may play it (a Pro
 * player, or the artist); others learn that it exists.
 */
export const VideoViewSchema = z.object({
  provider: z.enum(['youtube', 'vimeo']),
  id: z.string().nullable(),
});
export type VideoView = z.infer<typeof VideoViewSchema>;

/** PUT /api/artists/:id/video: a YouTube or Vimeo link, for the profile or one of their pieces. */
export const SetVideoSchema = z.object({
  url: z.string().trim().min(1, 'is required').max(500),
  artworkId: IdSchema.optional(),
});

/** One card of the artists list: the catalogue's fields, a real photo and the verified mark. */
export const ArtistListItemSchema = ArtistSchema.extend({
  /** The cover of a piece credited to them (confirmed), or null: the card shows a sample. */
  photoUrl: z.string().nullable(),
  verified: z.boolean(),
  pieces: z.number().int(),
});
export type ArtistListItem = z.infer<typeof ArtistListItemSchema>;

export const ArtistPieceSchema = z.object({
  id: z.string(),
  title: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.enum(['present', 'gone']),
  coverImageUrl: z.string().nullable(),
  finds: z.number().int(),
  creditId: z.string(),
  /** The artist confirmed it themselves. */
  byArtist: z.boolean(),
});
export type ArtistPiece = z.infer<typeof ArtistPieceSchema>;

/** GET /api/artists/:id: the profile, their confirmed pieces and players' photos of them. */
export const ArtistProfileSchema = ArtistSchema.extend({
  /** Pages about the artist: where the card's facts come from. */
  links: z.array(z.string()),
  /** Hidden after reports: only its verified account and staff read it meanwhile. */
  hidden: z.boolean(),
  verified: z.boolean(),
  /** The verified account's claim, which players may report; null while none is verified. */
  verifiedClaimId: z.string().nullable(),
  /** The viewer is the artist's verified account. */
  isMe: z.boolean(),
  /** The viewer's own open or refused claim on this profile. */
  myClaim: z.enum(['pending', 'refused']).nullable(),
  /** The viewer is already the verified account of another artist. */
  verifiedElsewhere: z.boolean(),
  pieces: z.array(ArtistPieceSchema),
  photos: z.array(
    z.object({
      imageUrl: z.string(),
      artworkId: z.string(),
      title: z.string(),
      username: z.string().nullable(),
      createdAt: IsoDateSchema,
    }),
  ),
  counts: z.object({
    pieces: z.number().int(),
    standing: z.number().int(),
    gone: z.number().int(),
    finds: z.number().int(),
  }),
  video: VideoViewSchema.nullable(),
  /** Only for the verified artist: credits players proposed that wait for their word. */
  awaiting: z.array(z.object({ creditId: z.string(), artworkId: z.string(), title: z.string() })),
});
export type ArtistProfile = z.infer<typeof ArtistProfileSchema>;

export const CreditEventSchema = z.object({
  kind: z.enum(['proposed', 'confirm', 'dispute', 'artist_confirmed', 'artist_rejected']),
  username: z.string().nullable(),
  at: IsoDateSchema,
});

export const CreditSchema = z.object({
  id: z.string(),
  artist: z.object({ id: z.string(), name: z.string(), verified: z.boolean() }),
  status: CreditStatusSchema,
  confirmations: z.number().int(),
  disputes: z.number().int(),
  settledByArtist: z.boolean(),
  /** What the viewer may do: vote (once), settle (the verified artist) or nothing. */
  myVote: z.enum(['confirm', 'dispute']).nullable(),
  proposedByMe: z.boolean(),
  canSettle: z.boolean(),
  /** Oldest first. */
  history: z.array(CreditEventSchema),
});
export type Credit = z.infer<typeof CreditSchema>;

/** GET /api/artworks/:id/credits. */
export const ArtworkCreditsSchema = z.object({
  /** What its first finder typed, shown as a suggestion until a credit names an artist. */
  suggestion: z.string().nullable(),
  /** The artist whose name or aka the suggestion matches, offered first. */
  suggestedArtistId: z.string().nullable(),
  credits: z.array(CreditSchema),
  /** The piece's video, added by its credited artist. */
  video: VideoViewSchema.extend({ artistName: z.string() }).nullable(),
});
export type ArtworkCredits = z.infer<typeof ArtworkCreditsSchema>;

export const ProposeCreditSchema = z.object({ artistId: IdSchema });
export const CreditVoteSchema = z.object({ vote: z.enum(['confirm', 'dispute']) });
export const CreditDecisionSchema = z.object({ decision: z.enum(['confirm', 'reject']) });

/** Evidence of a claim: a link to an account they control naming StreetScope, or a photo. */
export const ClaimArtistSchema = z.discriminatedUnion('evidenceKind', [
  z.object({
    evidenceKind: z.literal('link'),
    evidenceUrl: z.url({ protocol: /^https$/, error: 'must be an https:// link' }).max(500),
    note: trimmed(500).default(''),
  }),
  z.object({
    evidenceKind: z.literal('photo'),
    imageUrl: ObjectUrlSchema,
    note: trimmed(500).default(''),
  }),
]);

export const ClaimSchema = z.object({
  id: z.string(),
  artist: z.object({ id: z.string(), name: z.string() }),
  username: z.string(),
  evidenceKind: z.enum(['link', 'photo']),
  evidenceUrl: z.string(),
  note: z.string(),
  status: z.enum(['pending', 'verified', 'refused']),
  createdAt: IsoDateSchema,
});
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimDecisionSchema = z.object({
  decision: z.enum(['verify', 'refuse']),
  reason: z.string().trim().min(1, 'say why').max(500),
});
