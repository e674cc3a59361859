import type { Player } from './app.ts';

/** A part size S3 accepts for every part but the last. */
export const PART_BYTES = 5 * 1_048_576;

export interface Started {
  uploadId: string;
  key: string;
}

const q = (key: string) => `key=${encodeURIComponent(key)}`;

/** The resumable-upload calls, as Uppy's AWS S3 plugin makes them (SPEC §7). */
export function multipartClient(player: Player) {
  return {
    create: (metadata: Record<string, unknown> = { purpose: 'discovery' }) =>
      player.request({
        method: 'POST',
        url: '/api/s3/multipart',
        payload: { filename: 'wall.jpg', type: 'image/jpeg', metadata },
      }),
    list: (up: Started) => player.request({ url: `/api/s3/multipart/${up.uploadId}?${q(up.key)}` }),
    sign: (up: Started, partNumber: number | string) =>
      player.request({ url: `/api/s3/multipart/${up.uploadId}/${partNumber}?${q(up.key)}` }),
    complete: (up: Started, parts: { PartNumber: number; ETag: string }[]) =>
      player.request({
        method: 'POST',
        url: `/api/s3/multipart/${up.uploadId}/complete?${q(up.key)}`,
        payload: { parts },
      }),
    abort: (up: Started) =>
      player.request({ method: 'DELETE', url: `/api/s3/multipart/${up.uploadId}?${q(up.key)}` }),
    /** PUTs a part to its signed URL: our own route (local disk) or the bucket's. */
    async put(url: string, bytes: Buffer): Promise<{ status: number; etag: string | null }> {
      if (url.startsWith('/')) {
        const res = await player.request({
          method: 'PUT',
          url,
          payload: bytes,
          headers: { 'content-type': 'application/octet-stream' },
        });
        return { status: res.statusCode, etag: (res.headers.etag as string | undefined) ?? null };
      }
      const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
      await res.arrayBuffer();
      return { status: res.status, etag: res.headers.get('etag') };
    },
    /** Signs and sends each slice as a part; the parts as a completion names them. */
    async sendParts(up: Started, slices: Buffer[]) {
      const parts: { PartNumber: number; ETag: string }[] = [];
      for (const [i, slice] of slices.entries()) {
        const signed = await this.sign(up, i + 1);
        if (signed.statusCode !== 200) throw new Error(`sign refused: ${signed.body}`);
        const sent = await this.put(signed.json<{ url: string }>().url, slice);
        if (sent.status !== 200 || !sent.etag) throw new Error(`part refused: ${sent.status}`);
        parts.push({ PartNumber: i + 1, ETag: sent.etag });
      }
      return parts;
    },
  };
}

/** Cuts bytes into S3-sized parts. */
export function slices(bytes: Buffer, size = PART_BYTES): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}
