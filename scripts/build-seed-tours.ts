/**
 * Builds `src/data/tours.json`, the walking tours a fresh start seeds
 * (docs/decisions/044-walking-tours.md), from the open-data artworks already in the seed
 * (`src/data/artworks.json`, written by scripts/build-seed-open-data.ts):
 *
 *   npx tsx scripts/build-seed-tours.ts
 *
 * Each tour starts at a named place a visitor can reach (a métro station, a crossing), takes the
 * nearest piece of its dataset, then always the nearest piece not yet visited, up to 10 stops
 * while the walk stays within 3 km. Titles and descriptions are our own words; the facts of each
 * stop (title, artist, place) are the dataset's, and each tour records the datasets and licences
 * it draws on. Re-run after artworks.json changes, then review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SeedArtworkSchema, type SeedArtwork } from '../src/core/schemas/seed.ts';
import { SeedTourSchema, type SeedTour } from '../src/core/schemas/tours.ts';
import { nearestNeighbourOrder } from '../src/core/tours.ts';
import { SOURCES } from '../src/server/import/sources.ts';

/** Stops and length of a seeded tour: a walk of an hour or less, with time to look. */
const SEED_TOUR_STOPS = 10;
const SEED_TOUR_MAX_METRES = 3000;

const TOURS: (Omit<SeedTour, 'stops' | 'sources'> & { sourceId: string })[] = [
  {
    id: 'tour-montreal-saint-laurent',
    title: 'Murals around Saint-Laurent métro',
    description:
      'A short walk through the murals the City of Montréal funded around the lower Main: from the Saint-Laurent métro by Clark and Sainte-Catherine, along de Maisonneuve and Saint-Dominique, up Saint-Laurent and east on Ontario.',
    city: 'Montréal',
    start: { name: 'Métro Saint-Laurent', latitude: 45.5107, longitude: -73.5648 },
    sourceId: 'montreal-murales',
  },
  {
    id: 'tour-montreal-plateau',
    title: 'Plateau murals from Mont-Royal métro',
    description:
      'From the Mont-Royal métro down through the Plateau’s side streets and lanes to Milton: ten murals the City of Montréal funded between 2008 and 2019, one of them in a school yard.',
    city: 'Montréal',
    start: { name: 'Métro Mont-Royal', latitude: 45.5244, longitude: -73.5817 },
    sourceId: 'montreal-murales',
  },
  {
    id: 'tour-vancouver-mount-pleasant',
    title: 'Mount Pleasant murals off Main Street',
    description:
      'Ten murals painted in 2016 and listed in the City of Vancouver’s public art registry, around Main Street and Broadway in Mount Pleasant: from East 10th Avenue up to 8th, then south along Main.',
    city: 'Vancouver',
    start: { name: 'Main Street and Broadway', latitude: 49.2627, longitude: -123.1006 },
    sourceId: 'vancouver-public-art',
  },
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const artworks = SeedArtworkSchema.array().parse(
  JSON.parse(readFileSync(path.join(ROOT, 'src/data/artworks.json'), 'utf8')),
);

/** A dataset's pieces a walk can count on: still there, and placed precisely. */
const walkable = (sourceId: string) =>
  artworks.filter((a) => a.sourceId === sourceId && a.status === 'present' && !a.lowPrecision);

/** The datasets the stops come from: each one's credit, licence and page (src/server/import/sources.ts). */
function sourcesOf(stops: SeedArtwork[]): SeedTour['sources'] {
  return [...new Set(stops.map((s) => s.sourceId))].map((sourceId) => {
    const dataset = SOURCES.find((d) => d.id === sourceId)!;
    return {
      sourceId,
      attribution: dataset.attribution,
      licence: dataset.licence,
      url: dataset.page,
    };
  });
}

const tours = TOURS.map(({ sourceId, ...tour }) => {
  const stops = nearestNeighbourOrder(
    tour.start,
    walkable(sourceId),
    SEED_TOUR_STOPS,
    SEED_TOUR_MAX_METRES,
  );
  return SeedTourSchema.parse({
    ...tour,
    stops: stops.map((s) => s.id),
    sources: sourcesOf(stops),
  });
});

const out = path.join(ROOT, 'src/data/tours.json');
writeFileSync(out, `${JSON.stringify(tours, null, 2)}\n`);
console.log(`${tours.length} tours written to ${path.relative(ROOT, out)}`);
for (const t of tours) console.log(`  ${t.id}: ${t.stops.length} stops`);
