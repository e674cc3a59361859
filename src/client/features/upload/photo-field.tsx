import { useRef, useState } from 'react';
import type { CompletedUpload, UploadPurpose } from '../../../core/schemas/objects.ts';
import type { PhotoFieldHandle, PhotoFieldProps, UploadPhase } from './photo-field-types.ts';
import { PhotoFromCloud } from './from-cloud.tsx';
import { PhotoFromLink } from './from-link.tsx';
import { PhotoUploadError } from '../../api/uploads.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { LazyBoundary, lazyPart } from '../../components/ui/lazy-boundary.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

// Uppy and its styles load only when a photo field is first shown (DESIGN: not on the landing).
const PhotoUploader = lazyPart(() => import('./photo-uploader.tsx'));

/** SPEC "Embedded file uploader": one image, picked, dropped, pasted or taken with the camera. */
export function PhotoField(props: PhotoFieldProps) {
  return (
    <div className="grid gap-2">
      <LazyBoundary loading={<Skeleton className="h-64" data-testid="uploader-loading" />}>
        <PhotoUploader {...props} />
      </LazyBoundary>
      {!props.photo && (
        <>
          <PhotoFromLink
            purpose={props.purpose}
            onPhotoChange={props.onPhotoChange}
            onPhaseChange={props.onPhaseChange}
            disabled={props.disabled}
          />
          <PhotoFromCloud
            purpose={props.purpose}
            onPhotoChange={props.onPhotoChange}
            onPhaseChange={props.onPhaseChange}
            disabled={props.disabled}
          />
        </>
      )}
    </div>
  );
}

/** The state a form keeps around its photo field, and the step that makes sure a photo exists. */
export function usePhotoField(purpose: UploadPurpose) {
  const ref = useRef<PhotoFieldHandle>(null);
  const [photo, setPhoto] = useState<CompletedUpload | null>(null);
  const [pending, setPending] = useState(false);
  const [phase, setPhase] = useState<UploadPhase>('idle');
  return {
    photo,
    /** A processed photo, or a picked one waiting to be sent. */
    hasPhoto: photo !== null || pending,
    phase,
    /** The processed photo, uploading the picked one first when needed. */
    ensurePhoto: async () => photo ?? (await ref.current!.upload()),
    reset: () => setPhoto(null),
    fieldProps: {
      ref,
      purpose,
      photo,
      onPhotoChange: setPhoto,
      onPendingChange: setPending,
      onPhaseChange: setPhase,
    } satisfies PhotoFieldProps,
  };
}

/**
 * The toast for a failed photo step (SPEC §8): a 401 goes to login; a photo the server refused
 * shows its reason ('This photo has already been documented'); a transfer that failed shows
 * `uploadFailed`. Returns false when the error did not come from the photo.
 */
export function toastPhotoError(error: unknown, uploadFailed: string): boolean {
  if (handleUnauthorized(error)) return true;
  if (!(error instanceof PhotoUploadError)) return false;
  toast({
    title: 'Upload Failed',
    description: error.reason ?? uploadFailed,
    variant: 'destructive',
  });
  return true;
}
