import { distanceKm } from '../../core/geo.ts';

export interface Place {
  latitude: number;
  longitude: number;
}

/** Whole metres between two places, as the import reports them. */
export const metresBetween = (a: Place, b: Place) =>
  Math.round(distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) * 1000);

/** Cells of 0.001° (about 111 m of latitude): a 50 m search reads a handful of them. */
const CELL = 0.001;
const COLUMNS = Math.round(360 / CELL);
const METRES_PER_DEGREE = 111_195;

const row = (lat: number) => Math.floor((lat + 90) / CELL);
const column = (lng: number) => ((Math.floor((lng + 180) / CELL) % COLUMNS) + COLUMNS) % COLUMNS;

/**
 * Places bucketed by latitude and longitude, so "what is within 50 m of here" reads the few
 * cells around a point instead of every place (an import compares each record with every wall).
 */
export class PlaceGrid<T extends Place> {
  private readonly cells = new Map<number, T[]>();

  add(item: T): void {
    const key = row(item.latitude) * COLUMNS + column(item.longitude);
    const cell = this.cells.get(key);
    if (cell) cell.push(item);
    else this.cells.set(key, [item]);
  }

  /** The nearest place less than `metres` away that `accept` takes, and its distance. */
  nearest(
    p: Place,
    metres: number,
    accept: (item: T) => boolean = () => true,
  ): { item: T; m: number } | undefined {
    const dLat = metres / METRES_PER_DEGREE;
    // Longitude degrees shrink towards the poles; the clamp keeps a polar search finite.
    const dLng = dLat / Math.max(0.01, Math.cos((p.latitude * Math.PI) / 180));
    const span = Math.min(COLUMNS - 1, Math.ceil(dLng / CELL));
    const first = column(p.longitude);
    let best: { item: T; m: number } | undefined;
    for (let r = row(p.latitude - dLat); r <= row(p.latitude + dLat); r++) {
      for (let i = -span; i <= span; i++) {
        const c = (((first + i) % COLUMNS) + COLUMNS) % COLUMNS;
        for (const item of this.cells.get(r * COLUMNS + c) ?? []) {
          const m = metresBetween(p, item);
          if (m < metres && (!best || m < best.m) && accept(item)) best = { item, m };
        }
      }
    }
    return best;
  }
}
