import { Clock, Map as MapIcon, MapPin, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { LegalWall } from '../../../core/schemas/walls.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { mapLink } from './search.ts';

export function WallCard({ wall }: { wall: LegalWall }) {
  return (
    <Card data-testid="wall-card">
      <article className="grid h-full gap-3 p-4">
        <div className="grid gap-1.5">
          <h3 className="text-lg leading-tight font-bold break-words">{wall.name}</h3>
          <p className="text-sm text-neon-cyan">
            {wall.city}, {wall.country}
          </p>
          {wall.permitRequired ? (
            <Badge variant="amber" data-permit="required" className="justify-self-start">
              <ShieldAlert className="size-3" aria-hidden />
              Permit Required
            </Badge>
          ) : (
            <Badge variant="green" data-permit="none" className="justify-self-start">
              <ShieldCheck className="size-3" aria-hidden />
              No Permit Required
            </Badge>
          )}
        </div>
        <p className="text-sm text-chalk/90">{wall.description}</p>
        <dl className="grid gap-2 text-sm">
          <div className="flex gap-2">
            <dt>
              <MapPin className="mt-0.5 size-4 text-neon-pink" aria-hidden />
              <span className="sr-only">Address</span>
            </dt>
            <dd className="min-w-0 text-smoke break-words">{wall.address}</dd>
          </div>
          <div className="flex gap-2">
            <dt>
              <Clock className="mt-0.5 size-4 text-neon-pink" aria-hidden />
              <span className="sr-only">Hours</span>
            </dt>
            <dd className="min-w-0 text-smoke">{wall.hours}</dd>
          </div>
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
