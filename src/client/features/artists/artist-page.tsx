import { useQuery } from '@tanstack/react-query';
import {
  BadgeCheck,
  CalendarRange,
  Camera,
  ExternalLink,
  EyeOff,
  Images,
  MapPin,
  MapPinned,
  Paintbrush,
  UserSearch,
} from 'lucide-react';
import { Link, useParams } from 'wouter';
import { ARTIST_HIDDEN_AFTER_YOUR_REPORT } from '../../../core/content-reports.ts';
import type { ArtistProfile } from '../../../core/schemas/artists.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { EmptyState, LoadError, Section } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { cn } from '../../lib/cn.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { ReportMenu } from '../moderation/index.ts';
import { ArtistClaim } from './artist-claim.tsx';
import { RouteMapCard } from '../map/index.ts';
import { ArtistVideoSection } from './artist-video.tsx';
import { AwaitingCredits } from './awaiting-credits.tsx';
import { artistQuery } from './artists-api.ts';

const isNotFound = (error: unknown) => error instanceof Error && /^404: /.test(error.message);
const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="grid min-w-0 rounded-xl border border-line bg-wall/60 px-1 py-2 text-center">
      <span className={cn('font-display text-2xl tabular-nums', tone)}>{value}</span>
      <span className="truncate text-xs text-smoke">{label}</span>
    </div>
  );
}

function Header({ artist }: { artist: ArtistProfile }) {
  return (
    <header className="grid min-w-0 grid-cols-1 gap-4 rounded-2xl border border-line bg-brick/90 p-4 sm:p-5">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-widest text-neon-pink uppercase">Artist</p>
            <h2 className="font-display text-3xl leading-tight break-words sm:text-4xl">
              {artist.name}
            </h2>
            {artist.aka && <p className="text-neon-cyan">aka {artist.aka}</p>}
          </div>
          {artist.verified && (
            <Badge className="bg-neon-lime/15 text-neon-lime">
              <BadgeCheck className="size-4" aria-hidden />
              Verified artist
            </Badge>
          )}
        </div>
        {!artist.isMe && (
          <ReportMenu
            targets={[
              { targetType: 'artist', targetId: artist.id },
              ...(artist.verifiedClaimId
                ? [{ targetType: 'artist_claim' as const, targetId: artist.verifiedClaimId }]
                : []),
            ]}
            subject={`artist ${artist.name}`}
            className="-mt-2 -mr-2"
          />
        )}
      </div>
      {artist.hidden && (
        <p className="flex items-start gap-2 rounded-xl border border-neon-amber/40 bg-neon-amber/10 p-3 text-sm">
          <EyeOff className="mt-0.5 size-4 shrink-0 text-neon-amber" aria-hidden />
          Hidden while a moderator reviews it: players do not see this page.
        </p>
      )}
      <dl className="grid min-w-0 grid-cols-1 gap-1.5 text-sm sm:grid-cols-3">
        <div className="flex gap-2">
          <dt>
            <MapPin className="size-4 text-neon-pink" aria-hidden />
            <span className="sr-only">Based in</span>
          </dt>
          <dd className="min-w-0 break-words">
            {artist.city}, {artist.country}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt>
            <CalendarRange className="size-4 text-neon-pink" aria-hidden />
            <span className="sr-only">Active</span>
          </dt>
          <dd className="min-w-0 break-words">{artist.activeYears}</dd>
        </div>
        <div className="flex gap-2">
          <dt>
            <Paintbrush className="size-4 text-neon-pink" aria-hidden />
            <span className="sr-only">Style</span>
          </dt>
          <dd className="min-w-0 break-words">{artist.style}</dd>
        </div>
      </dl>
      <div className="grid grid-cols-4 gap-1.5 sm:gap-2" aria-label="On the map">
        <Stat label="Pieces" value={artist.counts.pieces} />
        <Stat label="Standing" value={artist.counts.standing} tone="text-neon-lime" />
        <Stat label="Gone" value={artist.counts.gone} tone="text-smoke" />
        <Stat label="Finds" value={artist.counts.finds} tone="text-neon-cyan" />
      </div>
      {artist.links.length > 0 && (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Links">
          {artist.links.map((link) => (
            <li key={link}>
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-line px-3 text-neon-cyan hover:bg-wall"
              >
                <ExternalLink className="size-4" aria-hidden />
                {hostOf(link)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}

function Pieces({ artist }: { artist: ArtistProfile }) {
  return (
    <Section id="artist-pieces" title="On the map" icon={MapPinned}>
      {artist.pieces.length === 0 ? (
        <p className="text-sm text-smoke">
          No pieces credited yet. On an artwork’s page, “Who painted this?” names its artist.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4">
          <RouteMapCard
            stops={artist.pieces.map((p) => ({ ...p, found: false }))}
            line={false}
            listed="pieces"
            className="h-64 rounded-2xl border border-line sm:h-80"
          />
          <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="artist-piece-list">
            {artist.pieces.map((piece, i) => (
              <li key={piece.id}>
                <Link
                  href={`/art/${piece.id}`}
                  className="flex min-h-11 items-center gap-3 rounded-xl border border-line bg-wall/60 px-3 py-2 hover:border-neon-cyan"
                >
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-neon-pink text-sm font-bold text-white">
                    {i + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate font-semibold">{piece.title}</span>
                  <span
                    className={cn(
                      'shrink-0 text-xs',
                      piece.status === 'gone' ? 'text-smoke' : 'text-neon-lime',
                    )}
                  >
                    {piece.status === 'gone' ? 'Gone' : 'Standing'}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Section>
  );
}

function Gallery({ artist }: { artist: ArtistProfile }) {
  return (
    <Section id="artist-gallery" title="Players’ photos" icon={Images}>
      {artist.photos.length === 0 ? (
        <p className="text-sm text-smoke">No photos yet: find a piece and log it.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="artist-gallery">
          {artist.photos.map((photo) => (
            <li key={photo.imageUrl}>
              <Link href={`/art/${photo.artworkId}`} className="group block">
                <figure className="overflow-hidden rounded-xl border border-line bg-wall">
                  <img
                    src={photo.imageUrl}
                    alt={`${photo.title}, photographed by ${photo.username ?? 'a player'}`}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full object-cover transition group-hover:opacity-90"
                  />
                  <figcaption className="flex items-center gap-1 truncate px-2 py-1.5 text-xs text-smoke">
                    <Camera className="size-3 shrink-0" aria-hidden />
                    <span className="truncate">
                      {photo.title}
                      {photo.username && ` · ${photo.username}`}
                    </span>
                  </figcaption>
                </figure>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const REPORTER_WORDS: readonly string[] = Object.values(ARTIST_HIDDEN_AFTER_YOUR_REPORT);

/** Not there: unknown, or hidden; whoever reported a hidden page hears the server's words. */
function ArtistNotFound({ error }: { error: Error }) {
  const message = serverMessage(error);
  const reported = message !== null && REPORTER_WORDS.includes(message);
  return (
    <EmptyState
      icon={reported ? EyeOff : UserSearch}
      title={reported ? 'Hidden after your report' : 'Artist not found'}
    >
      <p>{reported ? message : 'This artist is not in StreetScope, or the link is broken.'}</p>
      <Link href="/artists" className={buttonVariants({ variant: 'outline', className: 'mt-3' })}>
        All artists
      </Link>
    </EmptyState>
  );
}

/** /artists/:id (docs/decisions/049-artists.md): an artist's profile built from the map. */
export default function ArtistPage() {
  const { id = '' } = useParams<{ id: string }>();
  const artist = useQuery(artistQuery(id));
  useRequireAuthRedirect(artist.error);

  return (
    <PageShell title="Artist">
      {artist.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading the artist">
          <Skeleton className="h-56" />
          <Skeleton className="h-72" />
        </div>
      ) : artist.isError ? (
        isNotFound(artist.error) ? (
          <div className="mx-auto max-w-md pt-8">
            <ArtistNotFound error={artist.error} />
          </div>
        ) : (
          <LoadError what="this artist" onRetry={() => void artist.refetch()} />
        )
      ) : (
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="grid min-w-0 grid-cols-1 gap-5">
            <Header artist={artist.data} />
            <Pieces artist={artist.data} />
            <Gallery artist={artist.data} />
          </div>
          <div className="grid min-w-0 grid-cols-1 gap-5">
            <ArtistVideoSection artist={artist.data} />
            {artist.data.isMe && <AwaitingCredits artist={artist.data} />}
            <ArtistClaim artist={artist.data} />
          </div>
        </div>
      )}
    </PageShell>
  );
}
