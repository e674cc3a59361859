import {
  CalendarCheck,
  Coins,
  Layers,
  MapPinned,
  Palette,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { legalWallsQuery } from '../../api/catalog.ts';
import { Badge } from '../../components/ui/badge.tsx';

/** SPEC §2 Subscribe: the bonus and the price (SPEC §9). */
export const PRO_PRICE = '$9.99/month';
export const PRO_BONUS = '2x Token Earnings';

/** Who gets a feature today: Pro only, every player, or nobody yet. */
type Availability = 'pro' | 'everyone' | 'later';

const AVAILABILITY: Record<Availability, { text: string; variant: 'amber' | 'green' | 'outline' }> =
  {
    pro: { text: 'Pro', variant: 'amber' },
    everyone: { text: 'Every player', variant: 'green' },
    later: { text: 'Coming later', variant: 'outline' },
  };

/** SPEC's wording where it is true; the live figure where SPEC's number is not reached yet. */
export function wallsLabel(count: number | undefined): string {
  if (count === undefined) return 'Legal graffiti walls';
  return count >= 300 ? '300+ legal graffiti walls' : `${count} legal graffiti walls`;
}

/**
 * SPEC §2 Subscribe's premium features, each saying who has it today (issue 16, "Pro tells the
 * truth"; docs/decisions/024-pro-tells-the-truth.md). What Pro gates is held by the server
 * (src/core/entitlements.ts and the map's Pro filters and layers).
 */
export function proFeatures(wallCount: number | undefined) {
  return [
    { label: wallsLabel(wallCount), icon: MapPinned, availability: 'everyone' },
    { label: 'Full colour chart with 100+ colours', icon: Palette, availability: 'pro' },
    { label: 'Advanced filters and map layers', icon: Layers, availability: 'pro' },
    { label: 'Artist profiles', icon: Users, availability: 'everyone' },
    { label: 'Artist video', icon: Video, availability: 'pro' },
    { label: 'Priority in events', icon: CalendarCheck, availability: 'later' },
  ] satisfies { label: string; icon: LucideIcon; availability: Availability }[];
}

export function FeatureList({ title = 'Premium features' }: { title?: string }) {
  // The live count of legal walls, never a number the map does not hold.
  const wallCount = useQuery(legalWallsQuery).data?.total;
  return (
    <section aria-labelledby="pro-features" className="grid gap-3">
      <h3 id="pro-features" className="font-display text-lg">
        {title}
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {proFeatures(wallCount).map(({ label, icon: Icon, availability }) => (
          <li
            key={label}
            className="flex min-h-12 items-center gap-3 rounded-xl border border-line bg-wall/60 px-3 py-2"
          >
            <Icon className="size-5 shrink-0 text-neon-cyan" aria-hidden />
            <span className="flex-1 font-semibold">{label}</span>
            <Badge variant={AVAILABILITY[availability].variant} className="shrink-0">
              {AVAILABILITY[availability].text}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="text-sm text-smoke" data-testid="pro-today">
        Pro doubles your Spray Coins, opens the full colour chart, plays artists’ videos and adds
        the hunt filters and layers to the map: last seen, has photo, logged by me, the heat of
        recent finds and your own logs. Legal walls, artworks, missions and artist profiles stay
        open to every player: nobody should paint where it is not allowed.
      </p>
    </section>
  );
}

export function BonusBanner({ active = false }: { active?: boolean }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-neon-amber/50 bg-neon-amber/10 p-4">
      <Coins className="size-8 shrink-0 text-neon-amber" aria-hidden />
      <div>
        <p className="font-display text-lg leading-tight text-neon-amber">{PRO_BONUS}</p>
        <p className="text-sm text-chalk/90">
          {active
            ? 'Every discovery you pin earns double Spray Coins.'
            : 'Every discovery you pin earns double Spray Coins while you are Pro.'}
        </p>
      </div>
    </div>
  );
}
