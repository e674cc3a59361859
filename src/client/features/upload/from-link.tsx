import { Link2, LoaderCircle } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { CompletedUpload } from '../../../core/schemas/objects.ts';
import { PHOTO_LINK_MAX_LENGTH } from '../../../core/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { apiRequest, serverMessage } from '../../lib/query-client.ts';
import type { PhotoFieldProps } from './photo-field-types.ts';

/**
 * "From a link": a photo taken with another device and already online (a camera's gallery, a
 * friend's post, a cloud folder's share link). The server fetches it and checks it like an
 * upload (docs/decisions/048-photos-from-elsewhere.md); what comes back is the processed photo,
 * as after a direct upload. It sits inside the form's own <form>, so it submits on its own.
 */
export function PhotoFromLink({
  purpose,
  onPhotoChange,
  onPhaseChange,
  disabled = false,
}: Pick<PhotoFieldProps, 'purpose' | 'onPhotoChange' | 'onPhaseChange' | 'disabled'>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function fetchIt() {
    if (busy || !link.trim()) return;
    setBusy(true);
    setError(null);
    onPhaseChange?.('processing');
    try {
      const res = await apiRequest('POST', '/api/objects/import', { url: link.trim(), purpose });
      onPhotoChange((await res.json()) as CompletedUpload);
      setLink('');
      setOpen(false);
    } catch (err) {
      if (!handleUnauthorized(err)) {
        setError(serverMessage(err) ?? 'That photo could not be fetched. Please try again.');
      }
    } finally {
      setBusy(false);
      onPhaseChange?.('idle');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter fetches the link rather than submitting the form around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void fetchIt();
  }

  if (!open) {
    return (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start text-neon-cyan"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <Link2 aria-hidden />
        Add a photo from a link
      </Button>
    );
  }

  return (
    <div className="grid gap-2 rounded-2xl border border-line bg-wall p-3">
      <Label htmlFor={`${id}-link`}>Photo link</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-link`}
          // Opened on request: the player is here to type or paste the link.
          autoFocus
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://…/photo.jpg"
          maxLength={PHOTO_LINK_MAX_LENGTH}
          value={link}
          disabled={disabled || busy}
          aria-invalid={error !== null || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setLink(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-w-0 sm:flex-1"
        />
        <Button
          type="button"
          variant="secondary"
          className="h-12"
          disabled={disabled || busy || !link.trim()}
          onClick={() => void fetchIt()}
        >
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Link2 aria-hidden />}
          {busy ? 'Fetching...' : 'Add from link'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-hint`} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-smoke">
          A link to the photo itself (JPEG, PNG, WebP, GIF, AVIF or HEIC). We fetch it and check it
          like an upload.
        </p>
      )}
    </div>
  );
}
