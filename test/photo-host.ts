import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A web server on this machine standing in for the image hosts photo links point to. The app
 * reaches it only through PHOTO_IMPORT_TEST_ORIGINS. It counts the requests that reach it, so a
 * test can tell a refused link from one that was fetched.
 */
export interface PhotoHost {
  origin: string;
  port: number;
  /** The paths requested so far, in order. */
  hits: string[];
  /** Serves `body` at `path` with the given type (and a Content-Length unless `chunked`). */
  file(path: string, body: Buffer, type: string, options?: { chunked?: boolean }): void;
  /** Answers `path` with a 302 to `location`. */
  redirect(path: string, location: string): void;
  close(): Promise<void>;
}

export async function startPhotoHost(port = 0): Promise<PhotoHost> {
  const routes = new Map<string, Handler>();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    hits.push(path);
    const handler = routes.get(path);
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${bound}`,
    port: bound,
    hits,
    file(path, body, type, options = {}) {
      routes.set(path, (_req, res) => {
        const headers: Record<string, string | number> = { 'content-type': type };
        if (!options.chunked) headers['content-length'] = body.length;
        // The app may hang up part-way (a cap reached): nothing to report here.
        res.on('error', () => {});
        res.writeHead(200, headers);
        // Sent in pieces, as a network would, so a cap while streaming is what stops it.
        for (let at = 0; at < body.length; at += 65_536) res.write(body.subarray(at, at + 65_536));
        res.end();
      });
    },
    redirect(path, location) {
      routes.set(path, (_req, res) => res.writeHead(302, { location }).end());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
