import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server on this machine standing in for the cloud folders' hosts (the app reaches it through
 * PHOTO_PROVIDERS_TEST_ORIGIN): Google Drive's `GET /drive/v3/files/{id}?alt=media` with its
 * Bearer token check, and Dropbox-like direct links under /dropbox/.
 */
export interface CloudFolders {
  origin: string;
  /** Each request's path and query, with the Authorization header it carried, in order. */
  hits: { path: string; authorization: string | undefined }[];
  /** A Drive file the token `token` (a "ya29.…" one, as Google's) may read. */
  driveFile(id: string, token: string, body: Buffer, type: string): void;
  /** A Dropbox direct link: `${origin}/dropbox/${name}`. */
  dropboxFile(name: string, body: Buffer, type: string): string;
  /** Answers `path` with a 302 to `location`. */
  redirect(path: string, location: string): void;
  close(): Promise<void>;
}

/** Drive's error answers are JSON like this one. */
const driveError = (res: http.ServerResponse, code: number, message: string) =>
  res
    .writeHead(code, { 'content-type': 'application/json; charset=UTF-8' })
    .end(JSON.stringify({ error: { code, message, errors: [{ message }] } }));

export async function startCloudFolders(): Promise<CloudFolders> {
  const drive = new Map<string, { token: string; body: Buffer; type: string }>();
  const files = new Map<string, { body: Buffer; type: string }>();
  const redirects = new Map<string, string>();
  const hits: CloudFolders['hits'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    hits.push({ path: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    const location = redirects.get(url.pathname);
    if (location) return res.writeHead(302, { location }).end();
    const driveId = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname)?.[1];
    if (driveId) {
      // Drive refuses a token that is not one (401) before it says a file is not theirs (404).
      const authorization = req.headers.authorization ?? '';
      if (!/^Bearer ya29\.\S+$/.test(authorization)) {
        return driveError(res, 401, 'Request had invalid authentication credentials.');
      }
      const file = drive.get(driveId);
      if (!file || authorization !== `Bearer ${file.token}`) {
        return driveError(res, 404, `File not found: ${driveId}.`);
      }
      if (url.searchParams.get('alt') !== 'media') return driveError(res, 400, 'alt=media only');
      return res
        .writeHead(200, { 'content-type': file.type, 'content-length': file.body.length })
        .end(file.body);
    }
    const file = files.get(url.pathname);
    if (!file) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    driveFile: (id, token, body, type) => drive.set(id, { token, body, type }),
    dropboxFile(name, body, type) {
      files.set(`/dropbox/${name}`, { body, type });
      return `${origin}/dropbox/${name}`;
    },
    redirect: (path, location) => redirects.set(path, location),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
