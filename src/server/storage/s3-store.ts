import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config/config.ts';
import {
  ObjectTooLargeError,
  assertKey,
  bareEtag,
  collect,
  type ObjectStore,
  type StoredPart,
} from './object-store.ts';

const isMissing = (err: unknown) =>
  err instanceof Error && (err.name === 'NoSuchKey' || err.name === 'NotFound');
const isMissingUpload = (err: unknown) => err instanceof Error && err.name === 'NoSuchUpload';

/**
 * Objects in an S3-compatible bucket (AWS S3, R2, MinIO, GCS interop). The browser PUTs raw
 * uploads straight to the bucket through presigned URLs; the app reads them back to check and
 * process them, and writes the renditions itself.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 demands them: a default CRC32 in a presigned URL would be the
      // checksum of an empty body and make every browser upload fail.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, maxBytes = Infinity) {
    assertKey(key);
    const bytes = Buffer.isBuffer(body) ? body : await collect(body, maxBytes);
    if (bytes.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
    return { size: bytes.length };
  }

  async read(key: string, maxBytes: number) {
    assertKey(key);
    try {
      // Ask the size first, so an oversized upload is refused without downloading it.
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((head.ContentLength ?? 0) > maxBytes) throw new ObjectTooLargeError(maxBytes);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    const stream = await this.get(key);
    return stream ? collect(stream, maxBytes) : null;
  }

  async get(key: string) {
    assertKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (res.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(area: string) {
    const prefix = `${area}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield object.Key.slice(prefix.length);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presignPut(key: string, expiresInSeconds: number) {
    assertKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  async createMultipart(key: string) {
    assertKey(key);
    const res = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }),
    );
    if (!res.UploadId) throw new Error('the bucket gave no upload id');
    return res.UploadId;
  }

  async presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number) {
    assertKey(key);
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  async listParts(key: string, uploadId: string) {
    assertKey(key);
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumberMarker: marker,
          }),
        );
        for (const part of page.Parts ?? []) {
          if (part.PartNumber && part.ETag) {
            parts.push({
              partNumber: part.PartNumber,
              etag: bareEtag(part.ETag),
              size: part.Size ?? 0,
            });
          }
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (err) {
      if (isMissingUpload(err)) return null;
      throw err;
    }
    return parts;
  }

  async completeMultipart(key: string, uploadId: string, parts: StoredPart[]) {
    assertKey(key);
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: {
          Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: `"${part.etag}"` })),
        },
      }),
    );
  }

  async abortMultipart(key: string, uploadId: string) {
    assertKey(key);
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (err) {
      if (!isMissingUpload(err)) throw err;
    }
  }
}
