export { pendingLabel } from './pending-label.ts';
export type { PhotoFieldProps, UploadPhase } from './photo-field-types.ts';
export { PhotoField, toastPhotoError, usePhotoField } from './photo-field.tsx';
export { PhotoSubmit } from './photo-submit.tsx';
