import { Images } from 'lucide-react';
import { useState } from 'react';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { formatDate } from '../../lib/format.ts';
import { ReportMenu } from '../moderation/index.ts';
import { EmptyState, Section } from '../../components/ui/section.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog.tsx';

type Photo = Artwork['photos'][number];

const finderName = (photo: Photo) => photo.username ?? 'a former player';

/**
 * Every photo players logged of the piece, newest first, as thumbnails with their date and
 * finder; a tap shows the photo full size.
 */
export function PhotoTimeline({ artwork }: { artwork: Artwork }) {
  const [shown, setShown] = useState<Photo | null>(null);
  const { user } = useAuth();
  const { photos } = artwork;
  return (
    <Section id="photos" title="Photo timeline" icon={Images}>
      {photos.length === 0 ? (
        <EmptyState icon={Images} title="No photos yet">
          <p>Be the first to photograph it.</p>
        </EmptyState>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos, newest first">
          {photos.map((photo, i) => (
            <li key={`${photo.imageUrl}-${i}`}>
              <figure className="grid gap-1.5">
                <button
                  type="button"
                  onClick={() => setShown(photo)}
                  className="group overflow-hidden rounded-xl bg-concrete"
                >
                  <img
                    src={`${photo.imageUrl}/thumbnail`}
                    alt={`Photo by ${finderName(photo)}, ${formatDate(photo.createdAt)}`}
                    loading="lazy"
                    className="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-105"
                  />
                </button>
                <figcaption className="flex items-start gap-1 text-xs leading-snug">
                  <span className="min-w-0 flex-1">
                    <time dateTime={photo.createdAt} className="block font-semibold text-chalk">
                      {formatDate(photo.createdAt)}
                    </time>
                    <span className="block truncate text-smoke">by {finderName(photo)}</span>
                  </span>
                  {photo.discoveryId && photo.username !== user?.username && (
                    <ReportMenu
                      targets={[{ targetType: 'discovery', targetId: photo.discoveryId }]}
                      subject={`photo by ${finderName(photo)}`}
                      className="-mt-2 -mr-2"
                    />
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <DialogContent className="max-w-3xl p-3 sm:p-4">
          {shown && (
            <>
              <DialogTitle className="pr-12 text-base">{artwork.title}</DialogTitle>
              <img
                src={shown.imageUrl}
                alt={`Photo by ${finderName(shown)}, ${formatDate(shown.createdAt)}`}
                className="max-h-[70dvh] w-full rounded-xl bg-concrete object-contain"
              />
              <DialogDescription>
                {formatDate(shown.createdAt)} · by {finderName(shown)}
              </DialogDescription>
            </>
          )}
        </DialogContent>
      </Dialog>
    </Section>
  );
}
