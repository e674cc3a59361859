import AwsS3 from '@uppy/aws-s3';
import type Uppy from '@uppy/core';
import type { UppyFile } from '@uppy/core';
import { MULTIPART_THRESHOLD_BYTES } from '../../../core/constants.ts';

type SignRequest = (request: unknown) => Promise<{ url: string }>;
type File = UppyFile<Record<string, unknown>, Record<string, never>>;
type Resume = { uploadId: string; key: string };

const PLUGIN_ID = 'AwsS3';
/** SPEC §7 Uploader: six at once (Uppy 6 sends one file's parts one after another). */
const LIMIT = 6;
const modes = new WeakMap<Uppy, 'single' | 'multipart'>();

/** Over 5 MB, multipart when the server offers it (SPEC §7), or when resuming one. */
export const wantsMultipart = (file: File, enabled: boolean) =>
  Boolean(file.s3Multipart) || (enabled && (file.size ?? 0) > MULTIPART_THRESHOLD_BYTES);

/**
 * Sets Uppy's AWS S3 plugin up for the file about to go: single uploads are signed by our
 * caller-supplied function (SPEC §7), multipart ones talk to our /api/s3 endpoints. Uppy 6 has
 * one signing mode per plugin, so the plugin is swapped when the mode changes.
 */
export function setUpUploader(uppy: Uppy, multipart: boolean, signRequest: SignRequest): void {
  const wanted = multipart ? 'multipart' : 'single';
  if (modes.get(uppy) === wanted) return;
  const current = uppy.getPlugin(PLUGIN_ID);
  if (current) uppy.removePlugin(current);
  if (multipart) {
    uppy.use(AwsS3, {
      id: PLUGIN_ID,
      companionEndpoint: '/api',
      limit: LIMIT,
      shouldUseMultipart: (file) => (file.size ?? 0) > MULTIPART_THRESHOLD_BYTES,
    });
  } else {
    uppy.use(AwsS3, { id: PLUGIN_ID, limit: LIMIT, shouldUseMultipart: false, signRequest });
  }
  modes.set(uppy, wanted);
}

/** Where an unfinished multipart upload of this very file is remembered across reloads. */
const resumeKey = (file: File, purpose: string) => {
  const modified = (file.data as { lastModified?: number } | undefined)?.lastModified ?? 0;
  return `streetscope:multipart:${purpose}:${file.name}:${file.size}:${modified}`;
};

/**
 * Remembers each multipart upload once a part is through, and gives it back when the player
 * picks the same file again (after a reload), so the upload resumes after the parts the server
 * lists. Forgotten once done, or when the server no longer knows it (then it starts afresh).
 */
export function rememberMultipart(uppy: Uppy, purpose: string): () => void {
  const storage = typeof localStorage === 'undefined' ? null : localStorage;
  const onAdded = (file: File) => {
    uppy.setFileMeta(file.id, { purpose, size: file.size ?? 0 });
    const saved = storage?.getItem(resumeKey(file, purpose));
    if (saved) uppy.setFileState(file.id, { s3Multipart: JSON.parse(saved) as Resume });
  };
  const onPart = (file: File | undefined) => {
    const current = file && uppy.getFile(file.id);
    if (current?.s3Multipart) {
      storage?.setItem(resumeKey(current, purpose), JSON.stringify(current.s3Multipart));
    }
  };
  const forget = (file: File | undefined) => {
    if (file) storage?.removeItem(resumeKey(file, purpose));
  };
  const onError = (file: File | undefined, error: { message?: string }) => {
    // A resumed upload the server no longer knows (expired, aborted) starts again.
    if (!file || !/Companion request failed: Not Found/.test(error.message ?? '')) return;
    forget(file);
    if (uppy.getFile(file.id)) uppy.setFileState(file.id, { s3Multipart: undefined });
  };
  uppy.on('file-added', onAdded);
  uppy.on('s3-multipart:part-uploaded', onPart);
  uppy.on('upload-success', forget);
  uppy.on('upload-error', onError);
  return () => {
    uppy.off('file-added', onAdded);
    uppy.off('s3-multipart:part-uploaded', onPart);
    uppy.off('upload-success', forget);
    uppy.off('upload-error', onError);
  };
}
