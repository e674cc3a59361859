import { Check, SprayCan } from 'lucide-react';
import { Link } from 'wouter';
import type { TourStop } from '../../../core/schemas/tours.ts';
import { formatDistance } from '../../lib/geo-format.ts';
import { cn } from '../../lib/cn.ts';
import { stopHref } from './tour-gpx.ts';

/**
 * The stops in walking order: a number, or a tick once the player found it; the way from the
 * stop before; each a link to the piece's page (or the map at a wall).
 */
export function TourStops({ stops }: { stops: TourStop[] }) {
  return (
    <ol aria-label="Stops" className="grid gap-2">
      {stops.map((stop, i) => (
        <li key={`${stop.kind}:${stop.id}`} data-testid="tour-stop" data-found={String(stop.found)}>
          <Link
            href={stopHref(stop)}
            className="flex items-start gap-3 rounded-xl border border-line bg-wall/70 p-3 transition-colors hover:border-neon-cyan/60"
          >
            <span
              className={cn(
                'grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold',
                stop.found ? 'bg-neon-lime text-wall' : 'bg-neon-pink text-white',
              )}
            >
              {stop.found ? <Check className="size-4" strokeWidth={3} aria-hidden /> : i + 1}
            </span>
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-bold text-chalk">
                {stop.found && <span className="sr-only">Found: </span>}
                {stop.title}
              </span>
              <span className="flex flex-wrap items-center gap-x-2 text-sm text-smoke">
                {stop.kind === 'wall' && <SprayCan className="size-3.5" aria-label="Legal wall" />}
                {stop.subtitle && (stop.kind === 'artwork' ? `by ${stop.subtitle}` : stop.subtitle)}
                {i > 0 && (
                  <span>
                    {formatDistance(stop.legMetres / 1000)} from stop {i}
                  </span>
                )}
              </span>
              {stop.note && <span className="text-sm text-neon-amber">{stop.note}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
