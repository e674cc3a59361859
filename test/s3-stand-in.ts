import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/server/config/config.ts';

/** s3rver's fixed credentials; it checks SigV4 signatures with them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Browsers PUT parts from the app's origin and must read each part's ETag. */
const BROWSER_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader>
<ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};

/**
 * s3rver stores multipart uploads but lacks ListParts and AbortMultipartUpload: these answer
 * them from its own upload folders (one per upload id: 'key', and '<n>' with '<n>.md5' per
 * part), as S3 does, so the S3 store's resumable uploads run against it unchanged.
 */
function withListPartsAndAbort(server: S3rver, uploadsDir: string): void {
  const koa = server.callback.bind(server);
  server.callback = () => {
    const handle = koa();
    return (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://s3');
      const uploadId = url.searchParams.get('uploadId');
      const listing = req.method === 'GET' && uploadId && !url.searchParams.has('partNumber');
      const aborting = req.method === 'DELETE' && uploadId;
      if (!listing && !aborting) return handle(req, res);
      const dir = path.join(uploadsDir, path.basename(uploadId));
      void (async () => {
        const names = await readdir(dir).catch(() => null);
        if (!names) {
          return xml(
            res,
            404,
            '<Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>',
          );
        }
        if (aborting) {
          await rm(dir, { recursive: true, force: true });
          res.writeHead(204).end();
          return;
        }
        const parts = [];
        for (const name of names.filter((n) => /^\d+$/.test(n)).sort((a, b) => +a - +b)) {
          const md5 = await readFile(path.join(dir, `${name}.md5`), 'utf8').catch(() => null);
          if (!md5) continue;
          const { size } = await stat(path.join(dir, name));
          parts.push(
            `<Part><PartNumber>${name}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`,
          );
        }
        xml(
          res,
          200,
          `<ListPartsResult><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
        );
      })();
    };
  };
}

/** A real S3-compatible server on a free port with one empty bucket, for the S3 store's tests. */
export async function startS3Server(): Promise<{ s3: S3Config; close(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'streetscope-s3-'));
  const bucket = 'streetscope-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [BROWSER_CORS] }],
  });
  withListPartsAndAbort(server, path.join(directory, bucket, '._S3rver_uploads'));
  const { port } = await server.run();
  return {
    s3: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      forcePathStyle: true,
      ...CREDENTIALS,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
