import type { Artwork, ArtworkLog } from '../../../core/schemas/artworks.ts';

type Ref = NonNullable<Artwork['paintedOverBy']>;
type Report = ArtworkLog & { kind: 'gone' | 'painted_over' };

/**
 * The one thing the artwork page says about whether the piece is there. The server marks it
 * gone once two players report it since it was last seen (docs/decisions/021); until then a
 * report is one player's word, shown as such. A newer piece is named only while a painted-over
 * report since the last sighting stands: a photo taken after it says the piece is still there.
 */
export type ArtworkState =
  | { kind: 'present' }
  | { kind: 'gone'; paintedOverBy: Ref | null }
  | { kind: 'reported'; report: 'gone' | 'painted_over'; paintedOverBy: Ref | null };

export function artworkState(
  artwork: Pick<Artwork, 'status' | 'lastSeenAt' | 'logs' | 'paintedOverBy'>,
): ArtworkState {
  const seen = Date.parse(artwork.lastSeenAt);
  // Newest first; the player's own report held for review has not counted.
  const reports = artwork.logs.filter(
    (log): log is Report =>
      log.kind !== 'found' && !log.pendingReview && Date.parse(log.createdAt) > seen,
  );
  const paintedOverBy = reports.some((log) => log.kind === 'painted_over')
    ? artwork.paintedOverBy
    : null;
  if (artwork.status === 'gone') return { kind: 'gone', paintedOverBy };
  const [newest] = reports;
  if (!newest) return { kind: 'present' };
  return {
    kind: 'reported',
    report: paintedOverBy ? 'painted_over' : newest.kind,
    paintedOverBy,
  };
}
