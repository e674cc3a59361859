import { createServer } from 'node:http';
import sharp from 'sharp';
import { openMapTilesTile, openMapTilesTileJson } from '../test/openmaptiles-tiles.ts';

/**
 * A local stand-in for the map's tile hosts, so browser tests never leave the machine:
 * checkered "satellite" tiles, transparent label tiles, flat Terrarium elevation tiles and a
 * TileJSON for buildings whose vector tiles are empty.
 */
const port = Number(process.env.TILE_PORT);
const origin = `http://127.0.0.1:${port}`;

const solid = (r: number, g: number, b: number, alpha = 1) =>
  sharp({ create: { width: 256, height: 256, channels: 4, background: { r, g, b, alpha } } })
    .png()
    .toBuffer();

const [satA, satB, standard, labels, flat] = await Promise.all([
  solid(46, 110, 64),
  solid(120, 96, 60),
  solid(70, 90, 120),
  solid(0, 0, 0, 0),
  solid(128, 0, 0),
]);

const TILE = /^\/(sat|standard|labels|terrain|buildings)\/(\d+)\/(\d+)\/(\d+)\.(png|pbf)$/;

createServer((req, res) => {
  res.setHeader('access-control-allow-origin', '*');
  const url = req.url ?? '/';
  if (url === '/buildings.json') {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        tilejson: '3.0.0',
        tiles: [`${origin}/buildings/{z}/{x}/{y}.pbf`],
        minzoom: 0,
        maxzoom: 14,
        vector_layers: [{ id: 'building', fields: {} }],
      }),
    );
    return;
  }
  // Street tiles in the OpenMapTiles schema, as OpenFreeMap serves them (MAP_STREET_TILES).
  if (url === '/streets.json') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(openMapTilesTileJson(origin)));
    return;
  }
  const street = /^\/streets\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(url);
  if (street) {
    res.setHeader('content-type', 'application/x-protobuf');
    res.end(openMapTilesTile(Number(street[1]), Number(street[2]), Number(street[3])));
    return;
  }
  const match = TILE.exec(url);
  if (!match) {
    res.statusCode = 404;
    res.end();
    return;
  }
  const [, kind, , x, y] = match;
  if (kind === 'buildings') {
    res.setHeader('content-type', 'application/x-protobuf');
    res.end();
    return;
  }
  const checker = (Number(x) + Number(y)) % 2 === 0;
  const body =
    kind === 'sat'
      ? checker
        ? satA
        : satB
      : kind === 'standard'
        ? standard
        : kind === 'labels'
          ? labels
          : flat;
  res.setHeader('content-type', 'image/png');
  res.end(body);
}).listen(port, '127.0.0.1', () => console.log(`tiles on ${origin}`));
