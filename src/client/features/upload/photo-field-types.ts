import type { Ref } from 'react';
import type { CompletedUpload, UploadPurpose } from '../../../core/schemas/objects.ts';

/** What the photo field and the uploader it loads on demand share. */
export type UploadPhase = 'idle' | 'uploading' | 'processing';

/** What a form can ask of its photo field. */
export interface PhotoFieldHandle {
  /**
   * Sends the chosen photo (or retries the one that failed, without picking it again), has
   * the server check and process it, clears the queue and resolves with the stored photo.
   * Rejects with PhotoUploadError.
   */
  upload(): Promise<CompletedUpload>;
}

export interface PhotoFieldProps {
  ref?: Ref<PhotoFieldHandle>;
  purpose: UploadPurpose;
  /** The processed photo, once there is one (shown instead of the drop area). */
  photo: CompletedUpload | null;
  onPhotoChange: (photo: CompletedUpload | null) => void;
  /** Whether a file is picked and waiting to be uploaded. */
  onPendingChange?: (pending: boolean) => void;
  onPhaseChange?: (phase: UploadPhase) => void;
  /** The drop area's words; "%{browseFiles}" becomes the browse button. */
  dropHint?: string;
  browseLabel?: string;
  disabled?: boolean;
  /** A round preview (profile picture). */
  round?: boolean;
}
