import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * libheif with its HEVC decoder (libde265) compiled to WebAssembly and embedded in one JS file:
 * no native build, no file or network access at run time. sharp's prebuilt libvips reads HEIF
 * headers but has no HEVC decoder.
 */
const LIBHEIF = createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/libheif-bundle.js');

/**
 * Runs in a worker thread: WebAssembly runs on the thread that calls it, and a 12 MP photo
 * takes a second or more to decode, which would stall every other request. The worker (and its
 * WebAssembly memory) ends with the photo. Plain JavaScript, so it runs the same from the
 * TypeScript sources and from the build. The size is read from the file's header and checked
 * before any pixel is decoded; libheif's defaults apply the file's rotation and mirroring.
 */
const DECODER = `
const { parentPort, workerData } = require('node:worker_threads');
const { libheif, bytes, maxPixels } = workerData;
const lib = require(libheif)();
const fail = (error) => parentPort.postMessage({ error });
const context = lib.heif_context_alloc();
const read = lib.heif_context_read_from_memory(context, bytes);
const handle = read.code === lib.heif_error_code.heif_error_Ok
  ? lib.heif_js_context_get_primary_image_handle(context)
  : null;
if (!handle || 'message' in handle) fail('unreadable');
else {
  const width = lib.heif_image_handle_get_width(handle);
  const height = lib.heif_image_handle_get_height(handle);
  if (!width || !height || width * height > maxPixels) fail('too many pixels');
  else Promise.resolve(lib.heif_js_decode_image2(
    handle,
    lib.heif_colorspace.heif_colorspace_RGB,
    lib.heif_chroma.heif_chroma_interleaved_RGBA,
  )).then((image) => {
    const plane = image && !('code' in image)
      ? image.channels.find((c) => c.id === lib.heif_channel.heif_channel_interleaved)
      : undefined;
    if (!plane || plane.width !== width || plane.height !== height) return fail('undecodable');
    const row = width * 4;
    const data = new Uint8Array(row * height);
    for (let y = 0; y < height; y++) {
      data.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
    }
    parentPort.postMessage({ data, width, height }, [data.buffer]);
  }, () => fail('undecodable'));
}
`;

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

export class HeicError extends Error {}

type DecoderAnswer = { error: string } | { data: Uint8Array; width: number; height: number };

/** The primary image of a HEIC/HEIF file as upright RGBA pixels. */
export function decodeHeic(bytes: Buffer, maxPixels: number): Promise<RawImage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(DECODER, {
      eval: true,
      workerData: { libheif: LIBHEIF, bytes, maxPixels },
    });
    worker.once('message', (answer: DecoderAnswer) => {
      if ('error' in answer) reject(new HeicError(answer.error));
      else {
        const { data, width, height } = answer;
        resolve({ data: Buffer.from(data.buffer), width, height, channels: 4 });
      }
      void worker.terminate();
    });
    worker.once('error', (err) => reject(new HeicError(err.message)));
    worker.once('exit', () => reject(new HeicError('the decoder stopped')));
  });
}
