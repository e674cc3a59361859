import { sql, type SQL } from 'drizzle-orm';
import type { ArtworkCluster, ArtworkStatus } from '../../core/schemas/artworks.ts';
import type { Bounds } from './nearby.ts';

/*
 * The map's grid (docs/decisions/029-map-clusters.md). Level L splits the Web Mercator square
 * in 8 * 2^L columns and rows, so a cell is 64 px on screen at map zoom L. The same sums as
 * the SQL functions artwork_cell_x / artwork_cell_y of migration 0013.
 */

/** The pyramid keeps levels 2..16; coarser levels are summed from level 2 when asked. */
export const FINEST_LEVEL = 16;
const COARSEST_STORED = 2;

/** Most grid cells a box may cover at the level chosen: a bigger box gets a coarser level. */
const MAX_BOX_CELLS = 16_384;

const MAX_LAT = 85.0511;

const side = (level: number) => 8 * 2 ** level;
const clampCell = (n: number, level: number) => Math.min(Math.max(n, 0), side(level) - 1);

export const cellX = (lng: number, level: number) =>
  clampCell(Math.floor(((lng + 180) / 360) * side(level)), level);

export function cellY(lat: number, level: number) {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  const y = 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI);
  return clampCell(Math.floor(y * side(level)), level);
}

interface CellRange {
  xs: [number, number][];
  ys: [number, number];
}

/** The cells the box touches at a level; a box across the antimeridian has two column ranges. */
function cellRange(b: Bounds, level: number): CellRange {
  const west = cellX(b.west, level);
  const east = cellX(b.east, level);
  const xs: [number, number][] =
    b.west <= b.east
      ? [[west, east]]
      : [
          [west, side(level) - 1],
          [0, east],
        ];
  return { xs, ys: [cellY(b.north, level), cellY(b.south, level)] };
}

const cellCount = ({ xs, ys }: CellRange) =>
  xs.reduce((n, [a, b]) => n + b - a + 1, 0) * (ys[1] - ys[0] + 1);

/**
 * The grid level for a view: the map's zoom (cells of 64 px), no finer than the pyramid, and
 * coarser while the box would cover more than MAX_BOX_CELLS cells (a box far bigger than a
 * screen at that zoom), so no box can ask for an unbounded answer.
 */
export function levelFor(b: Bounds, zoom: number): number {
  let level = Math.min(zoom, FINEST_LEVEL);
  while (level > 0 && cellCount(cellRange(b, level)) > MAX_BOX_CELLS) level--;
  return level;
}

/**
 * The stored cells of `level` inside the box, read column by column: each column is one range
 * of the (level, cx, cy) key, so the scan touches only the box's cells, not every cell of the
 * world in its columns (a country's columns cross every latitude).
 */
function cellsInBoxSql(b: Bounds, level: number, status?: ArtworkStatus): SQL {
  const { xs, ys } = cellRange(b, level);
  const columns = xs.map(([a, z]) => sql`select generate_series(${a}::int, ${z}::int) as x`);
  return sql`
    select c.cx, c.cy, c.pieces, c.lat_sum, c.lng_sum
    from (${sql.join(columns, sql` union all `)}) as col
    cross join lateral (
      select cx, cy, pieces, lat_sum, lng_sum from artwork_cells
      where level = ${level} and cx = col.x and cy between ${ys[0]} and ${ys[1]}
        and pieces > 0 ${status ? sql`and status = ${status}` : sql``}
    ) as c`;
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** Rows of count and mean position as the answer's cluster tuples. */
export function clusterTuples(rows: { n: number; lat: number; lng: number }[]): ArtworkCluster[] {
  return rows.map((r) => [round5(Number(r.lat)), round5(Number(r.lng)), Number(r.n)]);
}

/**
 * Clusters from the pyramid: the cells of `level` touching the box, counts summed over the
 * statuses asked for, each at its members' mean. A level coarser than the pyramid keeps is
 * summed from its finest stored level (a level-L cell is 4^k cells k levels down).
 */
function pyramidClustersSql(b: Bounds, level: number, status?: ArtworkStatus): SQL {
  const source = Math.max(level, COARSEST_STORED);
  const shift = source - level;
  return sql`
    select sum(pieces)::int as n, sum(lat_sum) / sum(pieces) as lat,
           sum(lng_sum) / sum(pieces) as lng
    from (${cellsInBoxSql(b, source, status)}) as cells
    group by cx >> ${shift}::int, cy >> ${shift}::int`;
}

/**
 * The pyramid's clusters as one row: `clusters`, the answer's JSON array of cluster tuples, and
 * `pieces`, their total. The database writes the array (positions rounded to 5 decimals as
 * `clusterTuples` rounds them, floor(x + 0.5) being Math.round), so a box of a thousand clusters
 * is one row to read, not a thousand to parse and serialise again: on PGlite, handing rows
 * across cost more than finding them (docs/decisions/029-map-clusters.md).
 */
export function pyramidClustersJsonSql(b: Bounds, level: number, status?: ArtworkStatus): SQL {
  const rounded = (column: SQL) => sql`(floor(${column} * 1e5 + 0.5) / 1e5)::text`;
  return sql`
    select '[' || coalesce(string_agg(
             '[' || ${rounded(sql`lat`)} || ',' || ${rounded(sql`lng`)} || ',' || n || ']', ','),
             '') || ']' as clusters,
           coalesce(sum(n), 0)::int as pieces
    from (${pyramidClustersSql(b, level, status)}) as c`;
}
