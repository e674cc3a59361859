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
  // Newest first, in the order they happened: recent times are shown to the day only
  // (docs/decisions/045), so a report and a find of the same day are told apart by their place
  // in the list, and by time only when no find is listed. The player's own report held for
  // review has not counted.
  const newestFind = artwork.logs.findIndex((log) => log.kind === 'found');
  const seen = Date.parse(artwork.lastSeenAt);
  const reports = artwork.logs.filter(
    (log, index): log is Report =>
      log.kind !== 'found' &&
      !log.pendingReview &&
      (newestFind === -1 ? Date.parse(log.createdAt) >= seen : index < newestFind),
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
