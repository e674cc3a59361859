import Uppy from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './photo-uploader.css';
import { useQuery } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { configQuery } from '../../api/config.ts';
import {
  PhotoUploadError,
  UPLOAD_LIMITS,
  completeUpload,
  requestUploadTicket,
} from '../../api/uploads.ts';
import { cn } from '../../lib/cn.ts';
import { formatMegabytes } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';
import type { PhotoFieldProps, UploadPhase } from './photo-field-types.ts';
import { rememberMultipart, setUpUploader, wantsMultipart } from './uploader-plugin.ts';

/**
 * Uppy core + dashboard + aws-s3 (SPEC "Embedded file uploader"). The aws-s3 plugin asks us to
 * sign each PUT: we answer with a fresh single-use link from POST /api/objects/upload (a
 * presigned bucket URL with S3, the app's own upload route otherwise), so a retry after a
 * failure gets a new link and the same file. A photo over 5 MB goes in resumable parts instead
 * (docs/decisions/047). Uploads never start on their own.
 */
export default function PhotoUploader({
  ref,
  purpose,
  photo,
  onPhotoChange,
  onPendingChange,
  onPhaseChange,
  dropHint = 'Drop your photo here or %{browseFiles}',
  browseLabel = 'browse',
  disabled = false,
  round = false,
}: PhotoFieldProps) {
  const id = useId();
  const maxBytes = UPLOAD_LIMITS[purpose];
  const [uppy, setUppy] = useState<Uppy | null>(null);
  const multipartOn = useQuery(configQuery).data?.uploads.multipart ?? false;
  /** Where the server checks and processes the bytes once they are all up. */
  const completeURL = useRef<string | null>(null);
  const callbacks = useRef({ onPendingChange, onPhaseChange });
  useEffect(() => {
    callbacks.current = { onPendingChange, onPhaseChange };
  });
  // The dashboard takes any new prop as new options and redraws its file, which asks for the
  // thumbnail again while the first is still being made: the same file queued many times over
  // (the form redraws on every key), and still queued after it is gone.
  const locale = useMemo(
    () => ({
      // With the camera button Uppy picks its "import" wording; both say the same here.
      strings: {
        dropPasteFiles: dropHint,
        dropPasteImportFiles: dropHint,
        browseFiles: browseLabel,
      },
    }),
    [dropHint, browseLabel],
  );

  useEffect(() => {
    const instance = new Uppy({
      id: `photo-${purpose}-${id}`,
      autoProceed: false,
      // SPEC §8: upload errors are only logged; a failed transfer on a bad network is expected,
      // so it is a warning, and the player sees the toast and can retry.
      logger: { debug: () => {}, warn: console.warn, error: console.warn },
      restrictions: { maxNumberOfFiles: 1, allowedFileTypes: ['image/*'], maxFileSize: maxBytes },
    });
    setUpUploader(instance, false, signRequest);
    const forgetMultipart = rememberMultipart(instance, purpose);
    const pending = () => callbacks.current.onPendingChange?.(instance.getFiles().length > 0);
    instance.on('file-added', pending);
    instance.on('file-removed', pending);
    instance.on('cancel-all', pending);
    setUppy(instance);
    return () => {
      forgetMultipart();
      instance.destroy();
    };
    // signRequest reads only the purpose, already a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [purpose, maxBytes, id]);

  async function signRequest() {
    const ticket = await requestUploadTicket(purpose);
    completeURL.current = ticket.completeURL;
    // The plugin parses the URL: the local store's upload route is made absolute.
    return { url: new URL(ticket.uploadURL, window.location.href).href };
  }

  function phase(next: UploadPhase) {
    callbacks.current.onPhaseChange?.(next);
  }

  useImperativeHandle(
    ref,
    () => ({
      async upload() {
        if (!uppy || uppy.getFiles().length === 0) {
          throw new PhotoUploadError('upload', new Error('No photo chosen'));
        }
        // The picked file itself (never a remote one here: the dashboard only picks local files).
        const picked = (uppy.getFiles()[0]?.data as Blob | undefined) ?? null;
        // Uppy holds an upload until the browser is back online: with no network the photo
        // goes to the outbox at once instead.
        if (!navigator.onLine) {
          throw new PhotoUploadError('upload', new TypeError('The browser is offline'), picked);
        }
        const failedBefore = uppy.getFiles().some((file) => file.error);
        setUpUploader(uppy, wantsMultipart(uppy.getFiles()[0]!, multipartOn), signRequest);
        phase('uploading');
        try {
          const result = failedBefore ? await uppy.retryAll() : await uppy.upload();
          const location = (result?.successful?.[0]?.response?.body as { location?: string })
            ?.location;
          // A multipart upload answers where the photo will be served: /objects/<id>.
          if (location?.startsWith('/objects/')) completeURL.current = `/api${location}/complete`;
          if (!result?.successful?.length || !completeURL.current) {
            throw result?.failed?.[0]?.error ?? new Error('Upload failed');
          }
        } catch (error) {
          phase('idle');
          throw new PhotoUploadError('upload', error, picked);
        }
        phase('processing');
        try {
          const done = await completeUpload(completeURL.current);
          onPhotoChange(done);
          return done;
        } catch (error) {
          throw new PhotoUploadError('process', error, picked);
        } finally {
          // Done or refused, these bytes are spent: the queue is cleared either way, telling the
          // plugins (clear() would not: the thumbnail maker would keep the file queued).
          completeURL.current = null;
          uppy.cancelAll();
          phase('idle');
        }
      },
    }),
    // signRequest reads only the purpose, which makes a new uppy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [uppy, onPhotoChange, multipartOn],
  );

  if (photo) {
    return (
      <div className="grid justify-items-center gap-3 rounded-2xl border border-line bg-wall p-4">
        <img
          src={photo.objectURL}
          alt="Your uploaded photo"
          width={photo.width}
          height={photo.height}
          className={cn(
            'object-cover shadow-lg',
            round ? 'size-32 rounded-full ring-4 ring-neon-pink/60' : 'max-h-56 w-auto rounded-xl',
          )}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => onPhotoChange(null)}
        >
          <ImageUp aria-hidden />
          Choose another photo
        </Button>
      </div>
    );
  }

  if (!uppy) return <div className="h-64 rounded-2xl bg-concrete" aria-hidden />;
  return (
    <div
      ref={restoreListRole}
      className={cn('photo-uploader', disabled && 'pointer-events-none opacity-60')}
    >
      <Dashboard
        uppy={uppy}
        width="100%"
        height={264}
        theme="dark"
        disabled={disabled}
        hideUploadButton
        hideRetryButton
        hidePauseResumeButton
        hideCancelButton
        showNativePhotoCameraButton
        proudlyDisplayPoweredByUppy={false}
        note={`One photo, up to ${formatMegabytes(maxBytes)}`}
        locale={locale}
      />
    </div>
  );
}

/**
 * Uppy 6's file list loses its role="list" on the way through its virtual list, leaving each
 * file's role="listitem" orphaned (an axe violation); this puts the role back as it renders.
 */
function restoreListRole(container: HTMLDivElement | null) {
  if (!container) return;
  const fix = () =>
    container
      .querySelectorAll('.uppy-Dashboard-files:not([role])')
      .forEach((list) => list.setAttribute('role', 'list'));
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}
