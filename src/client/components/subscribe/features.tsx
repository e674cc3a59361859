import {
  CalendarCheck,
  Coins,
  Layers,
  MapPinned,
  Palette,
  Video,
  type LucideIcon,
} from 'lucide-react';

/** SPEC §2 Subscribe: the premium features, the bonus and the price (SPEC §9). */
export const PRO_PRICE = '$9.99/month';
export const PRO_BONUS = '2x Token Earnings';

export const PRO_FEATURES: { label: string; icon: LucideIcon }[] = [
  { label: '300+ legal graffiti walls', icon: MapPinned },
  { label: 'Full colour chart with 100+ colours', icon: Palette },
  { label: 'Artist profiles and video', icon: Video },
  { label: 'Priority in events', icon: CalendarCheck },
  { label: 'Advanced filters and map layers', icon: Layers },
];

export function FeatureList({ title = 'Premium features' }: { title?: string }) {
  return (
    <section aria-labelledby="pro-features" className="grid gap-3">
      <h3 id="pro-features" className="font-display text-lg">
        {title}
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {PRO_FEATURES.map(({ label, icon: Icon }) => (
          <li
            key={label}
            className="flex min-h-12 items-center gap-3 rounded-xl border border-line bg-wall/60 px-3 py-2"
          >
            <Icon className="size-5 shrink-0 text-neon-cyan" aria-hidden />
            <span className="font-semibold">{label}</span>
          </li>
        ))}
      </ul>
      {/* What the server actually gates (src/core/entitlements.ts); the rest stays open to all. */}
      <p className="text-sm text-smoke" data-testid="pro-today">
        Pro switches on double Spray Coins and the full colour chart. Legal walls, artist profiles
        and map layers stay open to every player: nobody should paint where it is not allowed.
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
