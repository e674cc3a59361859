import { ImageOff, Loader2, ScanSearch } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ArtworkMatch } from '../../../../core/schemas/artworks.ts';
import { useArtworkMatches } from '../layers/artwork-map-api.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { handleUnauthorized } from '../../../hooks/use-require-auth-redirect.ts';
import { cn } from '../../../lib/cn.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDistance } from '../../../lib/geo-format.ts';

interface Offer {
  photoUrl: string;
  spot: Coordinates;
  matches: ArtworkMatch[];
}

/**
 * "Is this the same piece?" (docs/decisions/021-artworks-and-logs.md): before an uploaded photo
 * is saved, the artworks near its pin that look like it are offered, once per photo. A check
 * that fails saves the photo as a new piece: the player never loses a find to it.
 */
export function useMatchOffer() {
  const ask = useArtworkMatches();
  const [offer, setOffer] = useState<Offer | null>(null);
  const asked = useRef<string | null>(null);

  /** True when matches are now offered: the save waits for the player's answer. */
  async function offerMatches(photoUrl: string, spot: Coordinates): Promise<boolean> {
    if (asked.current === photoUrl) return false;
    try {
      const { matches } = await ask.mutateAsync({ imageUrl: photoUrl, ...spot });
      asked.current = photoUrl;
      if (matches.length === 0) return false;
      setOffer({ photoUrl, spot, matches });
      return true;
    } catch (error) {
      return handleUnauthorized(error);
    }
  }

  return {
    /** The offer for `photoUrl`, if that photo is still the one in the form. */
    offerFor: (photoUrl: string | undefined) =>
      offer && offer.photoUrl === photoUrl ? offer : null,
    checking: ask.isPending,
    offerMatches,
    close: () => setOffer(null),
  };
}

/**
 * A photo in the offer: the player's own, or an artwork's cover. `thumbnail` for the small
 * ones; the pair compared side by side is shown whole, sharp enough to tell pieces apart.
 */
function Photo({
  src,
  caption,
  thumbnail = false,
  className,
}: {
  src: string | null;
  caption?: string;
  thumbnail?: boolean;
  className?: string;
}) {
  return (
    <figure className={cn('grid min-w-0 gap-1', className)}>
      {src ? (
        <img
          src={thumbnail ? `${src}/thumbnail` : src}
          alt=""
          className="aspect-[4/3] w-full rounded-lg border border-line object-cover"
        />
      ) : (
        <span className="grid aspect-[4/3] w-full place-items-center rounded-lg bg-concrete">
          <ImageOff className="size-5 text-smoke" aria-hidden />
        </span>
      )}
      {caption && <figcaption className="text-center text-xs text-smoke">{caption}</figcaption>}
    </figure>
  );
}

const byWhom = (m: ArtworkMatch) => m.artistName ?? 'an unknown artist';

/**
 * The offer, shown in place of the form: the player's photo beside the most alike artwork's,
 * "Is this <title> by <artist>?", Log it and No, it's a new piece; any other candidates listed
 * below with a Log it of their own. Its heading takes focus when it appears, so a keyboard or
 * screen-reader user lands on the question.
 */
export function MatchOffer({
  photoUrl,
  matches,
  saving,
  onLogIt,
  onNewPiece,
  className,
}: {
  /** The player's uploaded photo. */
  photoUrl: string;
  matches: ArtworkMatch[];
  /** The id being logged, or 'new' for a new piece, while it saves. */
  saving: string | null;
  onLogIt: (match: ArtworkMatch) => void;
  onNewPiece: () => void;
  className?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [best, ...others] = matches;
  if (!best) return null;
  const busy = saving !== null;
  const spinner = <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />;

  return (
    <section
      aria-labelledby="match-offer-title"
      data-testid="match-offer"
      className={cn(
        '@container grid gap-3 rounded-xl border border-neon-cyan/50 bg-neon-cyan/10 p-3',
        className,
      )}
    >
      <p className="flex items-center gap-1.5 text-xs font-bold tracking-wide text-neon-cyan uppercase">
        <ScanSearch className="size-4" aria-hidden />
        Already on the map?
      </p>
      <div>
        <h3
          id="match-offer-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg leading-snug font-bold text-chalk outline-none"
        >
          Is this <em className="text-neon-cyan">{best.title}</em> by {byWhom(best)}?
        </h3>
        <p className="mt-0.5 text-xs text-smoke">
          {best.distanceM < 10
            ? 'Pinned right here'
            : `${formatDistance(best.distanceM / 1000)} from your pin`}
          {best.status === 'gone' && ' · reported gone'}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Photo src={photoUrl} caption="Your photo" />
        <Photo src={best.coverImageUrl} caption="On the map" />
      </div>
      {/* Side by side where both labels fit, stacked in a narrow dialog. */}
      <div className="grid gap-2 @md:grid-cols-2">
        <Button type="button" disabled={busy} onClick={() => onLogIt(best)}>
          {saving === best.id && spinner}
          Log it
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={onNewPiece}>
          {saving === 'new' && spinner}
          No, it&apos;s a new piece
        </Button>
      </div>
      {others.length > 0 && (
        <div className="grid gap-2 border-t border-line pt-3">
          <p className="text-xs font-bold text-smoke">Or is it one of these?</p>
          <ul className="grid gap-2">
            {others.map((m) => (
              <li key={m.id} className="flex items-center gap-3">
                <Photo src={m.coverImageUrl} thumbnail className="w-16 shrink-0" />
                <p className="min-w-0 flex-1 text-sm">
                  <span className="block truncate font-semibold">{m.title}</span>
                  <span className="block truncate text-xs text-smoke">by {byWhom(m)}</span>
                </p>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={`Log ${m.title}`}
                  onClick={() => onLogIt(m)}
                >
                  {saving === m.id && spinner}
                  Log it
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
