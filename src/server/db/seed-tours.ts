import { inArray } from 'drizzle-orm';
import type { SeedTour } from '../../core/schemas/tours.ts';
import { TOUR_STOPS_MIN } from '../../core/tours.ts';
import type { Tx } from './client.ts';
import { artworks } from './schema.ts';
import { tourStops, tours } from './tours-schema.ts';

/**
 * Inserts the seeded tours (src/data/tours.json, written by scripts/build-seed-tours.ts) a database lacks and never changes one it has: players report them
 * and moderators decide on them (docs/decisions/044). A stop whose artwork the seed left out
 * (another piece within 50 m) is skipped; a tour left with fewer than two stops is not made.
 */
export async function seedTours(tx: Tx, records: SeedTour[]): Promise<void> {
  if (records.length === 0) return;
  const have = new Set(
    (
      await tx
        .select({ id: tours.id })
        .from(tours)
        .where(
          inArray(
            tours.id,
            records.map((r) => r.id),
          ),
        )
    ).map((r) => r.id),
  );
  const missing = records.filter((r) => !have.has(r.id));
  if (missing.length === 0) return;
  const present = new Set(
    (
      await tx
        .select({ id: artworks.id })
        .from(artworks)
        .where(inArray(artworks.id, [...new Set(missing.flatMap((r) => r.stops))]))
    ).map((r) => r.id),
  );
  for (const record of missing) {
    const stops = record.stops.filter((id) => present.has(id));
    if (stops.length < TOUR_STOPS_MIN) continue;
    const { id, title, description, city } = record;
    await tx.insert(tours).values({ id, title, description, city }).onConflictDoNothing();
    await tx
      .insert(tourStops)
      .values(stops.map((artworkId, position) => ({ tourId: id, position, artworkId })))
      .onConflictDoNothing();
  }
}
