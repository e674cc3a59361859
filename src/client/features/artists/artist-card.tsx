import { BadgeCheck, CalendarRange, MapPin, Paintbrush, Star, Trophy } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ArtistListItem } from '../../../core/schemas/artists.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { artworkFor } from './artwork.ts';

/** SPEC §9: a card shows up to 3 achievements, then '+N more achievements'. */
export const ACHIEVEMENTS_SHOWN = 3;

export function ArtistCard({ artist }: { artist: ArtistListItem }) {
  const artwork = artworkFor(artist.name);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const hidden = artist.achievements.length - ACHIEVEMENTS_SHOWN;
  const shown = expanded ? artist.achievements : artist.achievements.slice(0, ACHIEVEMENTS_SHOWN);

  return (
    <Card
      className="relative flex flex-col overflow-hidden focus-within:ring-2 focus-within:ring-neon-cyan"
      data-testid="artist-card"
    >
      <figure className="relative border-b border-line">
        {artist.photoUrl ? (
          <img
            src={artist.photoUrl}
            alt={`A piece by ${artist.name}, photographed by a player`}
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full bg-concrete object-cover"
          />
        ) : (
          <img
            src={artwork.src}
            alt={`Sample artwork “${artwork.title}”: an abstract neon spray piece on a brick wall`}
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full bg-concrete object-cover"
          />
        )}
        <figcaption className="absolute bottom-2 left-2 rounded-lg bg-wall/85 px-2 py-1 text-xs text-chalk">
          {artist.photoUrl
            ? `${artist.pieces} ${artist.pieces === 1 ? 'piece' : 'pieces'} on the map`
            : `Sample artwork · ${artwork.title}`}
        </figcaption>
      </figure>
      <CardHeader className="gap-2">
        <div className="min-w-0">
          <CardTitle className="font-display text-xl font-normal break-words">
            {/* The whole card opens the profile: the link's box covers it (after:inset-0). */}
            <Link
              href={`/artists/${artist.id}`}
              className="after:absolute after:inset-0 after:rounded-2xl hover:text-neon-cyan focus-visible:outline-none"
            >
              {artist.name}
            </Link>
          </CardTitle>
          {artist.aka && <p className="text-sm text-neon-cyan">aka {artist.aka}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge className="justify-self-start self-start">
            <Star className="size-3" aria-hidden />
            Featured Artist
          </Badge>
          {artist.verified && (
            <Badge className="bg-neon-lime/15 text-neon-lime">
              <BadgeCheck className="size-3" aria-hidden />
              Verified
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 text-sm">
        <dl className="grid gap-1.5">
          <Fact icon={MapPin} label="Based in">
            {artist.city}, {artist.country}
          </Fact>
          <Fact icon={CalendarRange} label="Active">
            {artist.activeYears}
          </Fact>
          <Fact icon={Paintbrush} label="Style">
            {artist.style}
          </Fact>
        </dl>
        {artist.achievements.length > 0 && (
          <div className="grid gap-1.5 border-t border-line pt-3">
            <h4 className="text-xs font-bold tracking-wide text-smoke uppercase">Achievements</h4>
            <ul id={listId} className="grid gap-1.5">
              {shown.map((a) => (
                <li key={a} className="flex gap-2">
                  <Trophy className="mt-0.5 size-4 shrink-0 text-neon-amber" aria-hidden />
                  <span>{a}</span>
                </li>
              ))}
            </ul>
            {hidden > 0 && (
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setExpanded((e) => !e)}
                className="relative z-10 min-h-11 justify-self-start rounded-lg px-1 text-left font-semibold text-neon-cyan underline-offset-4 hover:underline"
              >
                {expanded
                  ? 'Show fewer achievements'
                  : `+${hidden} more ${hidden === 1 ? 'achievement' : 'achievements'}`}
              </button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof MapPin;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-2">
      <dt className="flex shrink-0 items-center">
        <Icon className="size-4 text-neon-pink" aria-hidden />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 text-chalk/90">{children}</dd>
    </div>
  );
}

export function ArtistCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-brick/90">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}
