import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLE_PLIST,
  APP1,
  COM,
  jpegSegment,
  photoEditorJpeg,
  withSegments,
} from '../../../test/exif-writer.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { hidesContent } from './hidden-content.ts';

const PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
/** Filler that pushes what follows past the bytes a browser sniffs. */
const padding = (size = 600) => Buffer.alloc(size, 0x20);

let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  jpeg = await sharp(uniquePhoto(77)).resize(320).jpeg().toBuffer();
  png = await sharp(uniquePhoto(78)).resize(320).png().toBuffer();
});

describe('JPEG', () => {
  it('lets XML in metadata pass: an XMP packet and an Apple plist in a Photoshop block', () => {
    expect(hidesContent(photoEditorJpeg(jpeg), 'image/jpeg')).toBe(false);
  });

  it('lets a Motion Photo (an MP4 after the JPEG) and a second JPEG with its own XMP pass', () => {
    const mp4 = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0isommp42'), padding(64)]);
    expect(hidesContent(Buffer.concat([jpeg, mp4]), 'image/jpeg')).toBe(false);
    const gainMap = photoEditorJpeg(jpeg);
    expect(hidesContent(Buffer.concat([jpeg, gainMap]), 'image/jpeg')).toBe(false);
  });

  it('refuses an HTML page after the end-of-image marker', () => {
    expect(hidesContent(Buffer.concat([jpeg, PAGE]), 'image/jpeg')).toBe(true);
  });

  it('refuses markup in the bytes a browser sniffs, even inside metadata', () => {
    const early = withSegments(jpeg, jpegSegment(COM, Buffer.from('<html><body>')));
    expect(hidesContent(early, 'image/jpeg')).toBe(true);
    const plistUpFront = withSegments(jpeg, jpegSegment(APP1, Buffer.from(APPLE_PLIST)));
    expect(hidesContent(plistUpFront, 'image/jpeg')).toBe(true);
  });

  it('refuses a script in a later comment when the file also starts with markup', () => {
    const file = withSegments(
      jpeg,
      jpegSegment(COM, Buffer.from('<iframe src=//evil.example>')),
      jpegSegment(COM, padding()),
      jpegSegment(COM, Buffer.from('<script>alert(1)</script>')),
    );
    expect(hidesContent(file, 'image/jpeg')).toBe(true);
  });

  it('does not look into a comment past the sniffed bytes when nothing else is wrong', () => {
    const file = withSegments(
      jpeg,
      jpegSegment(COM, padding()),
      jpegSegment(COM, Buffer.from('<script>alert(1)</script>')),
    );
    expect(hidesContent(file, 'image/jpeg')).toBe(false);
  });

  it('scans the whole file when its segments cannot be followed', () => {
    const broken = Buffer.concat([
      jpeg.subarray(0, 2),
      jpegSegment(COM, padding()),
      Buffer.from([0xff, 0xe1, 0xff, 0xff]),
      Buffer.from(APPLE_PLIST),
    ]);
    expect(hidesContent(broken, 'image/jpeg')).toBe(true);
  });

  it('refuses a ZIP directory closing the file', () => {
    const zipEnd = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    expect(hidesContent(Buffer.concat([jpeg, zipEnd]), 'image/jpeg')).toBe(true);
  });
});

/** A PNG chunk with a wrong CRC: the check reads structure, not checksums. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

/** The chunk inserted just before IEND, far past the sniffed bytes. */
const beforeIend = (file: Buffer, chunk: Buffer) =>
  Buffer.concat([file.subarray(0, file.length - 12), chunk, file.subarray(file.length - 12)]);

describe('PNG', () => {
  it('lets XML in text chunks pass', () => {
    const itxt = Buffer.concat([
      Buffer.from('XML:com.adobe.xmp\0\0\0\0\0'),
      Buffer.from(APPLE_PLIST),
    ]);
    expect(hidesContent(beforeIend(png, pngChunk('iTXt', itxt)), 'image/png')).toBe(false);
  });

  it('refuses markup in a chunk a decoder treats as image data, or after IEND', () => {
    const chunk = pngChunk('prVt', Buffer.from('<iframe src=//evil.example>'));
    expect(hidesContent(beforeIend(png, chunk), 'image/png')).toBe(true);
    expect(hidesContent(Buffer.concat([png, PAGE]), 'image/png')).toBe(true);
  });
});

describe('WebP', () => {
  it('lets XML in the XMP chunk pass and refuses a page after the RIFF container', async () => {
    const webp = await sharp(uniquePhoto(79))
      .resize(320)
      .webp()
      .withXmp(`${' '.repeat(600)}${APPLE_PLIST}`)
      .toBuffer();
    expect(webp.toString('latin1')).toContain('<!DOCTYPE plist');
    expect(hidesContent(webp, 'image/webp')).toBe(false);
    expect(hidesContent(Buffer.concat([webp, PAGE]), 'image/webp')).toBe(true);
  });
});

describe('other formats are scanned whole', () => {
  it('refuses a plist anywhere in a GIF', async () => {
    const gif = await sharp(uniquePhoto(80)).resize(320).gif().toBuffer();
    expect(hidesContent(Buffer.concat([gif, Buffer.from(APPLE_PLIST)]), 'image/gif')).toBe(true);
  });
});
