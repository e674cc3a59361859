import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ExternalLink, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { wallQuery } from '../../walls/index.ts';
import { cn } from '../../../lib/cn.ts';
import { PinIcon } from '../../pins/index.ts';
import { PIN_STYLES, pinKindOf } from '../../pins/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ClampedText } from '../../../components/ui/clamped-text.tsx';
import { ArtworkCover, StateBadge, artworkState } from '../../artwork/index.ts';
import { WallDetails } from '../../walls/index.ts';
import { WallStatusBadge } from '../../walls/index.ts';
import { ArtworkFacts } from './artwork-facts.tsx';
import type { MapPlace } from './map-place.ts';

function PinBadge({ pin }: { pin: string }) {
  const kind = pinKindOf(pin);
  return (
    <Badge variant="outline" className="text-chalk" data-testid="pin-badge">
      <PinIcon kind={kind} height={16} />
      <span className="sr-only">Pin type: </span>
      {PIN_STYLES[kind].label}
    </Badge>
  );
}

const osmLink = ({ latitude, longitude }: MapPlace) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;

/**
 * SPEC §2 location panel for the selected place: name, description, image, a 'Street Art' tag,
 * a 'Legal Wall' tag for legal walls, and a close button; for walls also city, country,
 * address, hours and whether a permit is required, its status, last confirmation and source,
 * and the way to confirm or report it (read fresh, so a change shows at once); for artworks whether it is still there,
 * when it was last seen, its artist and finders, and the way to its page. Focus moves to its
 * heading when it opens.
 */
export function LocationPanel({
  place,
  onClose,
  className,
}: {
  place: MapPlace;
  onClose: () => void;
  className?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [place.id]);
  const { artwork } = place;
  const fresh = useQuery({ ...wallQuery(place.wall?.id ?? ''), enabled: !!place.wall });
  const wall =
    place.wall && (fresh.data ? { ...fresh.data, distanceKm: place.wall.distanceKm } : place.wall);

  return (
    <section
      aria-labelledby="location-panel-title"
      data-testid="location-panel"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className={cn(
        'pointer-events-auto flex min-h-0 flex-col overflow-hidden rounded-2xl border border-neon-pink/40 bg-brick/95 shadow-2xl shadow-black/60',
        className,
      )}
    >
      <div className="flex items-start gap-2 p-4 pb-2">
        <div className="min-w-0 flex-1">
          <h2
            id="location-panel-title"
            ref={headingRef}
            tabIndex={-1}
            className="font-display text-lg leading-tight outline-none focus-visible:outline-none"
          >
            {place.name}
          </h2>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge>Street Art</Badge>
            {place.pin && <PinBadge pin={place.pin} />}
            {artwork && <StateBadge state={artworkState(artwork)} />}
            {place.type === 'legal_wall' && <Badge variant="lime">Legal Wall</Badge>}
            {wall && <WallStatusBadge status={wall.status} />}
            {wall && (
              <Badge variant={wall.permitRequired ? 'amber' : 'green'}>
                {wall.permitRequired ? 'Permit Required' : 'No Permit Required'}
              </Badge>
            )}
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close"
          onClick={onClose}
          className="-mt-1 -mr-2 shrink-0 text-smoke hover:text-chalk [&_svg]:size-5"
        >
          <X aria-hidden />
        </Button>
      </div>

      <div className="grid gap-3 overflow-y-auto px-4 pb-4">
        {artwork ? (
          <ArtworkCover artwork={artwork} className="aspect-video rounded-xl" />
        ) : (
          place.imageUrl && (
            <img
              src={place.imageUrl}
              alt={place.name}
              className="aspect-video w-full rounded-xl object-cover"
            />
          )
        )}
        {place.description && (
          <ClampedText
            text={place.description}
            what="the description"
            testId="place-description"
            className="text-sm leading-relaxed text-chalk/90"
          />
        )}
        {wall && <WallDetails wall={wall} detail={fresh.data} />}
        {artwork && <ArtworkFacts artwork={artwork} />}
        <div className="flex flex-wrap gap-2">
          {artwork && (
            <Button asChild size="sm">
              <Link href={`/art/${encodeURIComponent(artwork.id)}`}>
                View artwork
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <a href={osmLink(place)} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              Open in OpenStreetMap
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
