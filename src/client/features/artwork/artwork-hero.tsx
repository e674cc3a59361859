import { Clock, MapPin, Crown, Paintbrush, Users } from 'lucide-react';
import { Link } from 'wouter';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate, plural } from '../../lib/format.ts';
import { formatTimeAgo } from '../../lib/time-ago.ts';
import { ReportMenu } from '../moderation/index.ts';
import { ClampedText } from '../../components/ui/clamped-text.tsx';
import { FactRow } from '../../components/ui/fact-row.tsx';
import { ArtworkSource } from './artwork-source.tsx';
import { artworkState } from './artwork-state.ts';
import { ArtworkCover, StateBadge } from './artwork-status.tsx';
import { artworkHref } from './links.ts';

function ArtworkLinks({ refs }: { refs: { id: string; title: string }[] }) {
  return refs.map((ref, i) => (
    <span key={ref.id}>
      {i > 0 && ', '}
      <Link href={artworkHref(ref.id)} className="font-semibold text-neon-cyan hover:underline">
        {ref.title}
      </Link>
    </span>
  ));
}

/**
 * The artwork at a glance: its cover large, title, artist, its first finder's description, its
 * one state (still there, gone, painted over, or reported and not confirmed) and when it was
 * last seen, who found it first, and the pieces it covers or that cover it.
 */
export function ArtworkHero({ artwork }: { artwork: Artwork }) {
  const { user } = useAuth();
  const state = artworkState(artwork);
  const newer = state.kind === 'present' ? null : state.paintedOverBy;
  return (
    <section
      aria-labelledby="artwork-title"
      className="overflow-hidden rounded-2xl border border-line bg-brick/90 text-chalk shadow-lg"
    >
      <ArtworkCover artwork={artwork} className="aspect-[4/3] lg:aspect-[16/10]" />
      <div className="grid gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <StateBadge state={state} large />
          <span
            className="flex items-center gap-1.5 text-sm text-smoke"
            data-testid="artwork-last-seen"
          >
            <Clock className="size-4" aria-hidden />
            Last seen {formatTimeAgo(artwork.lastSeenAt)}
          </span>
        </div>
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h2
              id="artwork-title"
              className="font-display text-2xl leading-tight break-words sm:text-3xl"
            >
              {artwork.title}
            </h2>
            <p className={cn('mt-1 text-lg', artwork.artistName ? 'text-chalk' : 'text-smoke')}>
              {artwork.artistName ? (
                <>
                  <span className="text-smoke">by </span>
                  <span className="font-semibold">{artwork.artistName}</span>
                </>
              ) : (
                'Unknown artist'
              )}
              {artwork.year && <span className="text-smoke"> · {artwork.year}</span>}
            </p>
            {artwork.artistClaim && (
              <p className="mt-1 text-sm text-smoke" data-testid="artist-claim">
                {artwork.artistClaim} says they painted it · not verified
              </p>
            )}
          </div>
          {artwork.firstFinder !== user?.username && (
            <ReportMenu
              targets={[{ targetType: 'artwork', targetId: artwork.id }]}
              subject={`the artwork ${artwork.title}`}
              className="-mr-2"
            />
          )}
        </div>
        {artwork.description && (
          <ClampedText
            text={artwork.description}
            what="the description"
            testId="artwork-description"
            className="leading-relaxed text-chalk/90"
          />
        )}
        <dl className="grid gap-2 text-sm">
          {artwork.address && (
            <FactRow className="min-w-0" icon={MapPin} label="Address">
              {artwork.address}
            </FactRow>
          )}
          {artwork.firstFinder && (
            <FactRow className="min-w-0" icon={Crown} label="First finder">
              First found by <span className="font-semibold">{artwork.firstFinder}</span>
              <span className="text-smoke"> on {formatDate(artwork.createdAt)}</span>
            </FactRow>
          )}
          <FactRow className="min-w-0" icon={Users} label="Finders">
            {artwork.finders.length > 0
              ? `${plural(artwork.finders.length, 'player', 'players')} found it`
              : // Its first finder's find waits for a photo or a review: none counts yet.
                artwork.firstFinder
                ? 'No find of it counts yet: log it with a photo'
                : 'Nobody has logged it yet: be the first to find it'}
          </FactRow>
          {newer && (
            <FactRow className="min-w-0" icon={Paintbrush} label="Painted over">
              Painted over by <ArtworkLinks refs={[newer]} />
              {state.kind === 'reported' && (
                <span className="text-smoke">, one player reports</span>
              )}
            </FactRow>
          )}
          <ArtworkSource source={artwork.source} />
          {artwork.paintsOver.length > 0 && (
            <FactRow className="min-w-0" icon={Paintbrush} label="Covers">
              Paints over <ArtworkLinks refs={artwork.paintsOver} />
            </FactRow>
          )}
        </dl>
      </div>
    </section>
  );
}
