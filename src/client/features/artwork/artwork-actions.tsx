import { ExternalLink, MapIcon, Navigation, Share2 } from 'lucide-react';
import { Link } from 'wouter';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { toast } from '../../hooks/use-toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { FoundIt } from './found-it.tsx';
import { artworkHref, geoHref, mapHref, osmHref } from './links.ts';
import { ReportGone } from './report-gone.tsx';

/**
 * The system share sheet where the browser has one; otherwise the link goes to the clipboard.
 * A closed share sheet is not an error.
 */
async function share(artwork: Artwork) {
  const url = new URL(artworkHref(artwork.id), window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: artwork.title, text: `${artwork.title} on StreetScope`, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: url });
  } catch {
    toast({ title: 'Copy this link', description: url });
  }
}

/** What a player can do here: log it, report it gone, share it, and walk there. */
export function ArtworkActions({ artwork }: { artwork: Artwork }) {
  return (
    <section
      aria-label="Actions"
      className="grid gap-3 rounded-2xl border border-line bg-brick/90 p-4 text-chalk shadow-lg sm:p-5"
    >
      <div className="grid grid-cols-2 gap-2">
        <FoundIt artwork={artwork} />
        {artwork.status === 'present' ? (
          <ReportGone artwork={artwork} />
        ) : (
          <p className="col-span-2 -mt-1 text-center text-xs text-smoke">
            Seen it again? A new photo brings it back.
          </p>
        )}
        <Button
          variant="outline"
          className={artwork.status === 'present' ? undefined : 'col-span-2'}
          onClick={() => void share(artwork)}
        >
          <Share2 aria-hidden />
          Share
        </Button>
      </div>
      <div className="grid gap-1 border-t border-line pt-3">
        <h2 className="text-xs font-semibold tracking-wide text-smoke uppercase">Walk there</h2>
        <Button asChild variant="ghost" className="-mx-2 justify-start px-2">
          <a href={geoHref(artwork)}>
            <Navigation aria-hidden className="text-neon-cyan" />
            Open in maps app
          </a>
        </Button>
        <Button asChild variant="ghost" className="-mx-2 justify-start px-2">
          <a href={osmHref(artwork)} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden className="text-neon-cyan" />
            Open in OpenStreetMap
          </a>
        </Button>
        <Button asChild variant="ghost" className="-mx-2 justify-start px-2">
          <Link href={mapHref(artwork)}>
            <MapIcon aria-hidden className="text-neon-cyan" />
            Show on map
          </Link>
        </Button>
      </div>
    </section>
  );
}
