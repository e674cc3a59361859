import { useQuery } from '@tanstack/react-query';
import { EyeOff, Home, ImageOff } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { HIDDEN_AFTER_YOUR_REPORT } from '../../../core/content-reports.ts';
import { artworkQuery } from './artworks-api.ts';
import { ArtworkActions } from './artwork-actions.tsx';
import { Finders, LogHistory } from './artwork-history.tsx';
import { ArtworkHero } from './artwork-hero.tsx';
import { PhotoTimeline } from './photo-timeline.tsx';
import { ArtworkCredits } from '../artists/index.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { EmptyState, LoadError } from '../../components/ui/section.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { serverMessage } from '../../lib/query-client.ts';

const isNotFound = (error: unknown) => error instanceof Error && /^404: /.test(error.message);

/** Two columns on wide screens: the piece and its photos; what to do and who logged it. */
const COLUMNS = 'grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start';

function ArtworkSkeleton() {
  return (
    <div className={COLUMNS} aria-label="Loading the artwork" role="status">
      <div className="grid gap-3">
        <Skeleton className="aspect-[4/3] w-full lg:aspect-[16/10]" />
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
      </div>
      <div className="grid gap-3">
        <Skeleton className="h-44" />
        <Skeleton className="h-24" />
      </div>
    </div>
  );
}

const REPORTER_WORDS: readonly string[] = Object.values(HIDDEN_AFTER_YOUR_REPORT);

/**
 * Not there: unknown, a broken link, or hidden. Whoever reported a hidden piece hears the
 * server's words for it instead (docs/decisions/026).
 */
function ArtworkNotFound({ error }: { error: Error }) {
  const message = serverMessage(error);
  const reported = message !== null && REPORTER_WORDS.includes(message);
  return (
    <div className="mx-auto max-w-md pt-8">
      <EmptyState
        icon={reported ? EyeOff : ImageOff}
        title={reported ? 'Hidden after your report' : 'Artwork not found'}
      >
        <p>{reported ? message : 'This piece is not in StreetScope, or its link is broken.'}</p>
        <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-3' })}>
          <Home aria-hidden />
          Back to the map
        </Link>
      </EmptyState>
    </div>
  );
}

/**
 * An artwork's page (/art/:id, docs/decisions/022-artwork-page-and-share-tags.md): the piece,
 * whether it is still there, its photo timeline, its finders and logs, and the way to it.
 */
export default function ArtworkPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user } = useAuth();
  const artwork = useQuery(artworkQuery(id));
  useRequireAuthRedirect(artwork.error);

  return (
    <PageShell title="Artwork">
      {artwork.isPending ? (
        <ArtworkSkeleton />
      ) : artwork.isError ? (
        isNotFound(artwork.error) ? (
          <ArtworkNotFound error={artwork.error} />
        ) : (
          <LoadError what="this artwork" onRetry={() => void artwork.refetch()} />
        )
      ) : (
        <div className={`${COLUMNS} lg:grid-rows-[auto_auto_1fr_auto]`}>
          {/* One column in reading order on phones. Wide screens put the piece and its photos
              on the left and the rest on the right; the 1fr row takes up the cover's height,
              so neither column has a gap. */}
          <div className="min-w-0 lg:col-start-1 lg:row-span-3 lg:row-start-1">
            <ArtworkHero artwork={artwork.data} />
          </div>
          <div className="min-w-0 lg:col-start-2 lg:row-start-1">
            <ArtworkActions artwork={artwork.data} />
          </div>
          <div className="min-w-0 lg:col-start-1 lg:row-start-4">
            <PhotoTimeline artwork={artwork.data} />
          </div>
          <div className="min-w-0 lg:col-start-2 lg:row-start-2">
            <Finders artwork={artwork.data} me={user?.username ?? null} />
          </div>
          <div className="grid min-w-0 content-start gap-5 lg:col-start-2 lg:row-span-2 lg:row-start-3">
            <ArtworkCredits artworkId={artwork.data.id} />
            <LogHistory artwork={artwork.data} />
          </div>
        </div>
      )}
    </PageShell>
  );
}
