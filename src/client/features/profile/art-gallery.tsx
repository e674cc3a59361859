import { useQuery } from '@tanstack/react-query';
import { Eye, Palette } from 'lucide-react';
import type { Artwork } from '../../../core/schemas/profile.ts';
import { artworksQuery } from './api/profile.ts';
import { plural } from '../../lib/format.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { AddArtDialog, ART_TYPE_LABELS } from './add-art-dialog.tsx';
import { EmptyState, LoadError, Section } from '../../components/ui/section.tsx';

/** SPEC §2 'My Art Gallery': the Add Art dialog and a grid of the player's pieces. */
export function ArtGallery() {
  const { data, isPending, isError, refetch } = useQuery(artworksQuery);
  return (
    <Section id="art-gallery" title="My Art Gallery" icon={Palette} action={<AddArtDialog />}>
      {isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Loading gallery">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="aspect-square" />
          ))}
        </div>
      ) : isError ? (
        <LoadError what="your gallery" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState icon={Palette} title="Your gallery is empty">
          Add photos of pieces you made: walls, canvases, sketches or digital work.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Artworks">
          {data.map((art) => (
            <ArtTile key={art.id} art={art} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function ArtTile({ art }: { art: Artwork }) {
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-line bg-wall/70">
      <img
        src={art.imageUrl}
        alt={art.title}
        loading="lazy"
        className="aspect-square w-full bg-concrete object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-2.5">
        <h3 className="line-clamp-2 font-bold break-words">{art.title}</h3>
        {art.description && (
          <p className="line-clamp-2 text-xs break-words text-smoke">{art.description}</p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-1 pt-1">
          <Badge variant="cyan">{ART_TYPE_LABELS[art.artType]}</Badge>
          <span className="flex items-center gap-1 text-xs text-smoke">
            <Eye className="size-3.5" aria-hidden />
            {plural(art.views, 'view', 'views')}
          </span>
        </div>
      </div>
    </li>
  );
}
