import { Clock, LocateFixed, Map as MapIcon, MapPin, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { WallListItem } from '../../../core/schemas/walls.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FactRow } from '../../components/ui/fact-row.tsx';
import { WallStatusBadge } from '../walls/index.ts';
import { WallTrust } from '../walls/index.ts';
import { formatDistance } from '../../lib/geo-format.ts';
import { mapLink } from './search.ts';

export function WallCard({ wall }: { wall: WallListItem }) {
  return (
    <Card data-testid="wall-card">
      <article className="grid h-full gap-3 p-4">
        <div className="grid gap-1.5">
          <h3 className="text-lg leading-tight font-bold break-words">{wall.name}</h3>
          <p className="text-sm text-neon-cyan">
            {wall.city}, {wall.country}
          </p>
          <div className="flex flex-wrap gap-1.5">
            <WallStatusBadge status={wall.status} />
            {wall.permitRequired ? (
              <Badge variant="amber" data-permit="required">
                <ShieldAlert className="size-3" aria-hidden />
                Permit Required
              </Badge>
            ) : (
              <Badge variant="green" data-permit="none">
                <ShieldCheck className="size-3" aria-hidden />
                No Permit Required
              </Badge>
            )}
            {wall.distanceKm !== undefined && (
              <Badge variant="cyan" data-testid="wall-distance">
                <LocateFixed className="size-3" aria-hidden />
                {formatDistance(wall.distanceKm)} away
              </Badge>
            )}
          </div>
        </div>
        <p className="text-sm text-chalk/90">{wall.description}</p>
        <dl className="grid gap-2 text-sm">
          <FactRow icon={MapPin} label="Address" className="min-w-0 text-smoke break-words">
            {wall.address}
          </FactRow>
          <FactRow icon={Clock} label="Hours" className="min-w-0 text-smoke">
            {wall.hours}
          </FactRow>
          <WallTrust wall={wall} />
        </dl>
        <Button
          asChild
          variant="outline"
          className="mt-auto w-full sm:w-auto sm:justify-self-start"
        >
          <Link href={mapLink(wall.latitude, wall.longitude)}>
            <MapIcon aria-hidden />
            View on Map
          </Link>
        </Button>
      </article>
    </Card>
  );
}
