import type { AreaContents } from '../../../core/schemas/area.ts';
import { formatMegabytes, formatNumber, plural } from '../../lib/format.ts';
import type { AreaPlan } from './plan.ts';
import { TINY_BYTES } from './area-parts.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

/** One figure of the summary: a count or size over its name. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-xl border border-line bg-wall/60 px-3 py-2">
      <dt className="text-xs font-bold tracking-wide text-smoke uppercase">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** Whether the imagery host answered its probe; null where the map has no imagery. */
export type ImageryReach = 'checking' | 'answers' | 'down' | null;

/**
 * What an area will hold, shown before anything downloads. Imagery is promised only once its
 * host has answered.
 */
export function AreaSummary({
  contents,
  failed,
  plan,
  imagery,
  refreshing,
  zooms,
  estimate,
}: {
  contents: AreaContents | undefined;
  failed: boolean;
  /** The tiles promised: without imagery when its host is down. */
  plan: AreaPlan;
  imagery: ImageryReach;
  /** A saved area refreshed: it keeps the imagery it has where the host cannot give it anew. */
  refreshing: boolean;
  /** The imagery zooms kept, or null without imagery. */
  zooms: [number, number] | null;
  estimate: number;
}) {
  if (failed) {
    return (
      <p role="alert" className="rounded-xl border border-rose-500/50 bg-rose-950/40 p-3 text-sm">
        Could not find out what this area holds. Saving an area needs a connection; try again when
        you have one.
      </p>
    );
  }
  if (!contents) {
    return (
      <div aria-busy className="grid grid-cols-3 gap-2">
        <span className="sr-only">Counting what this area holds…</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-15" />
        ))}
      </div>
    );
  }
  const tiles = plan.imageryTiles + plan.streetTiles;
  return (
    <section aria-label="What this area holds" className="grid gap-2">
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="Walls" value={formatNumber(contents.walls.length)} />
        <Figure label="Artworks" value={formatNumber(contents.artworks.length)} />
        <Figure label="Missions" value={formatNumber(contents.missions.length)} />
      </dl>
      {imagery === 'checking' ? (
        <p aria-busy className="text-sm text-smoke">
          Checking that the imagery server answers…
        </p>
      ) : (
        <>
          {tiles > 0 && (
            <p className="text-sm text-smoke">
              Map: {plural(tiles, 'tile', 'tiles')}
              {zooms && `, imagery at zooms ${zooms[0]}–${zooms[1]}`}
              {plan.streetTiles > 0 && (zooms ? ' and the street map' : ' of the street map')},
              about {formatMegabytes(plan.tileBytes)}.
            </p>
          )}
          {imagery === 'down' && (
            <p className="rounded-xl border border-neon-amber/40 bg-wall/60 p-3 text-sm">
              Map imagery: the imagery server could not be reached, so none is promised.{' '}
              {refreshing
                ? 'The area keeps the imagery it has,'
                : 'The area is saved without it, the map there showing the offline map,'}{' '}
              and you can retry the imagery later.
            </p>
          )}
          <p className="text-sm font-semibold" data-testid="area-estimate">
            {estimate < TINY_BYTES ? 'Under 0.1 MB' : `About ${formatMegabytes(estimate)}`} on this
            device
          </p>
        </>
      )}
    </section>
  );
}
