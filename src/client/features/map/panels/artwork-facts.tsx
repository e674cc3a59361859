import { Clock, Palette, Users } from 'lucide-react';
import type { Artwork } from '../../../../core/schemas/artworks.ts';
import { plural } from '../../../lib/format.ts';
import { formatTimeAgo } from '../../../lib/time-ago.ts';
import { ArtworkSource } from '../../artwork/index.ts';
import { FactRow } from '../../../components/ui/fact-row.tsx';

/** Who painted it, when it was last seen and how many players found it. */
export function ArtworkFacts({ artwork }: { artwork: Artwork }) {
  const finders = artwork.finders.length;
  return (
    <dl className="grid gap-2 text-sm">
      <FactRow
        icon={Palette}
        label="Artist"
        className={artwork.artistName ? undefined : 'text-smoke'}
      >
        {artwork.artistName ?? 'Unknown artist'}
      </FactRow>
      <FactRow icon={Clock} label="Freshness">
        <span data-testid="artwork-last-seen">Last seen {formatTimeAgo(artwork.lastSeenAt)}</span>
      </FactRow>
      <FactRow icon={Users} label="Finders">
        <span className="block">
          {finders === 0 ? 'Not logged by a player yet' : plural(finders, 'finder', 'finders')}
        </span>
        {artwork.firstFinder && (
          <span className="block text-smoke">First found by {artwork.firstFinder}</span>
        )}
      </FactRow>
      <ArtworkSource source={artwork.source} />
    </dl>
  );
}
