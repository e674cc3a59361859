import path from 'node:path';
import { Readable } from 'node:stream';
import send from '@fastify/send';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { PUBLIC } from '../http/docs.ts';
import { HttpError, notFound } from '../errors.ts';
import { ARCHIVE_VERSION, archiveVersion, checkArchive } from '../services/basemap.ts';

const ArchiveBytesSchema = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });
const bytes = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: ArchiveBytesSchema } },
});

/** A year: the URL carries the archive's version, so its bytes never change under it. */
const MAX_AGE = '365d';

/**
 * The street map's PMTiles archive (docs/decisions/017-street-basemap.md), when it is a file on
 * this server: read by the map in byte ranges, one HTTP Range request per directory or tile.
 */
const basemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const archive = app.config.basemap?.archive;
  const file = archive && 'file' in archive ? archive.file : null;
  if (file) await checkArchive(file);

  app.get(
    '/basemap/:version/streets.pmtiles',
    {
      schema: {
        operationId: 'getStreetBasemap',
        summary: 'The street map archive (PMTiles v3), whole or one byte range',
        description:
          'Send `Range: bytes=start-end` for part of it (206). The path holds the version that ' +
          '`GET /api/config` names in `map.basemap.url`; answers are cacheable for a year.',
        tags: ['map'],
        security: PUBLIC,
        params: z.object({ version: z.string().regex(ARCHIVE_VERSION) }),
        response: {
          200: bytes('The whole archive'),
          206: bytes('The requested byte range (Content-Range says which)'),
          304: z.null().describe('Not modified since the ETag or date the client holds'),
          404: ErrorSchema.describe('No archive on this server, or not this version of it'),
          416: ErrorSchema.describe(
            'A garbled range, or one past the end (Content-Range: bytes */size)',
          ),
        },
      },
    },
    async (request, reply) => {
      if (!file) throw notFound('This server has no street map archive');
      if ((await archiveVersion(file)) !== request.params.version) {
        throw notFound('No such version of the street map: reload the map');
      }
      // The route never maps a requested path to a file: only the configured one is sent.
      const result = await send(request.raw, `/${encodeURIComponent(path.basename(file))}`, {
        root: path.dirname(file),
        dotfiles: 'allow',
        index: false,
        maxAge: MAX_AGE,
        immutable: true,
      });
      if (result.type === 'error') {
        result.stream.destroy();
        if (result.statusCode === 416) {
          return reply
            .code(416)
            .header('content-range', result.headers['Content-Range'])
            .send({ message: 'The range is garbled or starts past the end of the archive' });
        }
        if (result.statusCode === 404) throw notFound('The street map archive is gone');
        throw new HttpError(result.statusCode, 'The archive could not be sent');
      }
      return reply
        .code(result.statusCode as 200 | 206 | 304)
        .headers(result.headers)
        .send(result.stream);
    },
  );
};

export default basemapRoutes;
