import { Database } from 'lucide-react';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { formatDate } from '../../lib/format.ts';
import { FactRow } from '../../components/ui/fact-row.tsx';

/**
 * Where an artwork's facts come from when an open-data source lists it: the dataset (linked),
 * its licence, and what the source says of the place (docs/decisions/023). Nothing for a piece
 * players pinned.
 */
export function ArtworkSource({ source }: { source: Artwork['source'] }) {
  if (!source) return null;
  return (
    <FactRow className="min-w-0" icon={Database} label="Source">
      <span className="block" data-testid="artwork-source">
        Listed by{' '}
        {source.url ? (
          <a
            href={source.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-neon-cyan hover:underline"
          >
            {source.dataset}
          </a>
        ) : (
          <span className="font-semibold">{source.dataset}</span>
        )}
        <span className="text-smoke"> · {source.licence}</span>
      </span>
      {source.approximate && (
        <span className="block text-smoke">The source places it to about 100 m.</span>
      )}
      {source.notInSourceSince && (
        <span className="block text-smoke">
          No longer listed by the source since {formatDate(source.notInSourceSince)}.
        </span>
      )}
    </FactRow>
  );
}
