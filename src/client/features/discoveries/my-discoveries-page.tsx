import { useInfiniteQuery } from '@tanstack/react-query';
import { Camera, Crown, Hourglass, ImageOff, LoaderCircle, MapPinned } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { MyDiscovery } from '../../../core/schemas/discoveries.ts';
import { AddPhotoDialog } from './add-photo-dialog.tsx';
import { myDiscoveryPagesQuery } from './discoveries-api.ts';
import { DiscoveryListSkeleton, NoDiscoveriesYet } from './discovery-states.tsx';
import { DiscoveryThumb } from './discovery-thumb.tsx';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { discoveryMapHref } from '../map/index.ts';
import { LoadError } from '../../components/ui/section.tsx';
import { artworkHref } from '../artwork/index.ts';
import { StatusBadge } from '../artwork/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { formatDate, formatNumber, plural } from '../../lib/format.ts';

/**
 * My Discoveries (/discoveries, the side menu's item): every discovery of the player, newest
 * first, a page at a time; each opens its artwork's page, or the map at the piece.
 */
export default function MyDiscoveries() {
  const pages = useInfiniteQuery(myDiscoveryPagesQuery);
  const [addingPhoto, setAddingPhoto] = useState<MyDiscovery | null>(null);
  useRequireAuthRedirect(pages.error);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages.at(-1)?.total ?? items.length;

  return (
    <PageShell title="My Discoveries">
      {pages.isPending ? (
        <DiscoveryListSkeleton rows={6} className="md:grid-cols-2" />
      ) : pages.isError && items.length === 0 ? (
        <LoadError what="your discoveries" onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <NoDiscoveriesYet />
      ) : (
        <div className="grid gap-4">
          <p className="flex items-center gap-2 text-smoke">
            <MapPinned className="size-5 text-neon-cyan" aria-hidden />
            {plural(total, 'discovery', 'discoveries')}, newest first
          </p>
          <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
            {items.map((d) => (
              <DiscoveryItem key={d.id} discovery={d} onAddPhoto={() => setAddingPhoto(d)} />
            ))}
          </ul>
          {pages.isFetchNextPageError && (
            <LoadError what="more discoveries" onRetry={() => void pages.fetchNextPage()} />
          )}
          {pages.hasNextPage && !pages.isFetchNextPageError && (
            <Button
              variant="outline"
              size="lg"
              className="justify-self-center"
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
              aria-busy={pages.isFetchingNextPage || undefined}
            >
              {pages.isFetchingNextPage && <LoaderCircle className="animate-spin" aria-hidden />}
              {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          )}
          <p className="text-center text-sm text-smoke" aria-live="polite">
            Showing {formatNumber(items.length)} of {formatNumber(Math.max(total, items.length))}
          </p>
        </div>
      )}
      {addingPhoto && (
        <AddPhotoDialog discovery={addingPhoto} onClose={() => setAddingPhoto(null)} />
      )}
    </PageShell>
  );
}

function DiscoveryItem({
  discovery,
  onAddPhoto,
}: {
  discovery: MyDiscovery;
  onAddPhoto: () => void;
}) {
  const { artwork } = discovery;
  return (
    <li className="relative flex min-h-20 items-center gap-3 rounded-xl border border-line bg-brick/90 p-2 transition-colors focus-within:border-neon-cyan/60 hover:border-neon-cyan/60 hover:bg-concrete">
      <DiscoveryThumb discovery={discovery} className="size-16" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        {discovery.artworkId ? (
          // The whole row opens the artwork page; the map link sits above it.
          <Link
            href={artworkHref(discovery.artworkId)}
            className="truncate font-bold text-chalk outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-3 focus-visible:after:outline-neon-cyan"
          >
            {discovery.name}
          </Link>
        ) : (
          <span className="truncate font-bold text-chalk">{discovery.name}</span>
        )}
        {artwork && artwork.title !== discovery.name && (
          <span className="truncate text-sm text-chalk/80">Logged {artwork.title}</span>
        )}
        <span className="text-sm text-smoke">
          <time dateTime={discovery.createdAt}>{formatDate(discovery.createdAt)}</time>
          {' · '}+{formatNumber(discovery.tokensAwarded)} tokens
        </span>
        {(discovery.awaitingPhoto || discovery.pendingReview || artwork) && (
          <span className="flex flex-wrap gap-1.5">
            {discovery.awaitingPhoto && (
              <Badge variant="amber">
                <ImageOff className="size-3" aria-hidden />
                No photo yet
              </Badge>
            )}
            {discovery.pendingReview && (
              <Badge variant="amber">
                <Hourglass className="size-3" aria-hidden />
                Pending review
              </Badge>
            )}
            {artwork?.firstFinder && (
              <Badge variant="amber">
                <Crown className="size-3" aria-hidden />
                First finder
              </Badge>
            )}
            {artwork?.status === 'gone' && <StatusBadge status="gone" />}
          </span>
        )}
        <span className="truncate font-mono text-xs text-smoke">{discovery.address}</span>
        {discovery.awaitingPhoto && (
          // Above the row's stretched link; amber, as the tokens it earns are.
          <Button
            size="sm"
            variant="outline"
            className="relative z-10 mt-1 justify-self-start border-neon-amber/60 text-amber-100 hover:bg-neon-amber/10"
            onClick={onAddPhoto}
          >
            <Camera className="text-neon-amber" aria-hidden />
            Add photo to earn
          </Button>
        )}
      </span>
      <Link
        href={discoveryMapHref(discovery)}
        aria-label={`Show on map: ${discovery.name}`}
        className="relative z-10 flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-neon-cyan/30 px-2 text-sm font-semibold text-neon-cyan hover:bg-neon-cyan/10"
      >
        <MapPinned className="size-5" aria-hidden />
        <span className="max-sm:sr-only">Show on map</span>
      </Link>
    </li>
  );
}
