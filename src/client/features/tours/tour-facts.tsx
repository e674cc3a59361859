import { Footprints, MapPin, Timer } from 'lucide-react';
import type { TourSummary } from '../../../core/schemas/tours.ts';
import { formatDistance } from '../../lib/geo-format.ts';
import { cn } from '../../lib/cn.ts';

/** "about 20 min", "about 1 h 15 min". */
export function formatWalk(minutes: number): string {
  if (minutes < 60) return `about ${minutes} min`;
  const rest = minutes % 60;
  return `about ${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/** "10 stops · 1.0 km · about 20 min walk", each with its icon. */
export function TourFacts({ tour, className }: { tour: TourSummary; className?: string }) {
  const facts = [
    { icon: MapPin, text: `${tour.stopCount} stops` },
    { icon: Footprints, text: formatDistance(tour.distanceMetres / 1000) },
    { icon: Timer, text: `${formatWalk(tour.walkMinutes)} walk` },
  ];
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-smoke', className)}>
      {facts.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-1.5">
          <Icon className="size-4 text-neon-cyan" aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** "4 of 9 found" and a bar; nothing signed out. */
export function TourProgress({ tour }: { tour: TourSummary }) {
  if (tour.found === null) return null;
  const done = tour.stopCount > 0 && tour.found === tour.stopCount;
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-bold text-chalk" data-testid="tour-progress">
        {done ? `All ${tour.stopCount} found` : `${tour.found} of ${tour.stopCount} found`}
      </p>
      <div
        role="progressbar"
        aria-label="Stops found"
        aria-valuemin={0}
        aria-valuemax={tour.stopCount}
        aria-valuenow={tour.found}
        className="h-2 overflow-hidden rounded-full bg-concrete"
      >
        <div
          className={cn('h-full rounded-full', done ? 'bg-neon-lime' : 'bg-neon-pink')}
          style={{ width: `${tour.stopCount ? (tour.found / tour.stopCount) * 100 : 0}%` }}
        />
      </div>
    </div>
  );
}
