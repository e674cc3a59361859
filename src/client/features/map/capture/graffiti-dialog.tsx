import { CircleCheck, Loader2, MapPin, SprayCan } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useCreateGraffiti } from '../../discoveries/index.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { useAuth } from '../../../hooks/use-auth.ts';
import { handleUnauthorized } from '../../../hooks/use-require-auth-redirect.ts';
import { isNetworkFailure } from '../../../outbox/queue.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input, Label, Textarea } from '../../../components/ui/input.tsx';
import {
  PhotoField,
  toastPhotoError,
  usePhotoField,
} from '../../../components/upload/photo-field.tsx';
import { pendingLabel } from '../../../components/upload/pending-label.ts';
import { keepCapture, photoFailedOnNetwork } from '../../../outbox/capture.ts';
import { formatCoordinates } from '../../../lib/geo-format.ts';
import {
  FIND_LOGGED,
  MatchOffer,
  conflictReason,
  toastCreated,
  useMatchOffer,
} from './match-offer.tsx';

interface FormState {
  title: string;
  description: string;
  artistName: string;
}

const EMPTY: FormState = { title: '', description: '', artistName: '' };

const titleRequired = (when: string) =>
  toast({
    title: 'Title Required',
    description: `Please enter a title for your graffiti discovery${when}.`,
  });

/**
 * SPEC §2 graffiti upload dialog, opened for the map spot the player clicked (`spot`; null
 * means closed). The photo goes up with 'Ready to Upload'; 'Complete Upload' then pins it
 * (150 tokens). When art near the spot looks like the photo, it is offered first: 'Log it'
 * logs a find of it, "No, it's a new piece" goes on to Complete Upload. It cannot be closed
 * while the photo is uploading.
 */
export function GraffitiDialog({
  spot,
  onClose,
}: {
  spot: Coordinates | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={spot !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      {spot && <GraffitiForm spot={spot} onClose={onClose} onBusyChange={setBusy} />}
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so closing forgets the form and the upload. */
function GraffitiForm({
  spot,
  onClose,
  onBusyChange,
}: {
  spot: Coordinates;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const field = usePhotoField('graffiti');
  const create = useCreateGraffiti();
  const { user } = useAuth();
  const matches = useMatchOffer();
  const offer = matches.offerFor(field.photo?.objectURL);
  const [logging, setLogging] = useState<string | null>(null);
  const id = useId();
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const titleMissing = form.title.trim() === '';
  const uploading = field.phase !== 'idle';
  const busy = uploading || create.isPending || matches.checking;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  async function readyToUpload(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (titleMissing) return titleRequired(' before uploading');
    if (!field.hasPhoto) {
      toast({ title: 'Photo Required', description: 'Please choose a photo of the graffiti.' });
      return;
    }
    try {
      const photo = await field.ensurePhoto();
      await matches.offerMatches(photo.objectURL, spot);
    } catch (error) {
      // No signal: the graffiti and its photo wait on the device (docs/decisions/034).
      if (user && photoFailedOnNetwork(error) && error.file) {
        await keepCapture({
          kind: 'graffiti',
          userId: user.id,
          body: graffitiBody(),
          key: crypto.randomUUID(),
          blob: error.file,
        });
        return onClose();
      }
      toastPhotoError(error, 'Failed to upload graffiti photo. Please try again.');
    }
  }

  /** The create's body; the outbox fills in the photo's URL once it is processed. */
  const graffitiBody = (artworkId?: string) => ({
    name: form.title.trim(),
    description: form.description.trim(),
    latitude: spot.latitude,
    longitude: spot.longitude,
    artistName: form.artistName.trim() || 'Unknown',
    artType: 'graffiti' as const,
    artworkId,
  });

  /** Pins the photo: a new piece, or with `artworkId` a find of that artwork. */
  function completeUpload(artworkId?: string) {
    if (busy || !field.photo) return;
    if (titleMissing) return titleRequired('');
    setLogging(artworkId ?? 'new');
    const body = { ...graffitiBody(artworkId), imageUrl: field.photo.objectURL };
    const key = crypto.randomUUID();
    create.mutate(
      { body, key },
      {
        onSuccess: (created) => {
          toastCreated(created, artworkId ? FIND_LOGGED : 'Graffiti Uploaded!');
          onClose();
        },
        onError: async (error) => {
          if (handleUnauthorized(error)) return;
          // Sent but unanswered: kept with its key, so the repeat cannot create it twice.
          if (user && isNetworkFailure(error)) {
            await keepCapture({ kind: 'graffiti', userId: user.id, body, key, blob: null });
            return onClose();
          }
          toast({
            title: 'Upload Failed',
            description: conflictReason(error) ?? 'Failed to upload graffiti. Please try again.',
            variant: 'destructive',
          });
        },
        onSettled: () => setLogging(null),
      },
    );
  }

  return (
    // Two columns on desktop (details beside the photo), so Ready to Upload shows unscrolled.
    <DialogContent className="max-w-md md:max-w-3xl" hideClose={busy}>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2 font-display text-lg font-normal">
          <SprayCan className="size-5 text-neon-pink" aria-hidden />
          Upload Graffiti
        </DialogTitle>
        <DialogDescription>Pin a piece at this spot and earn 150 Spray Coins.</DialogDescription>
      </DialogHeader>
      <p className="flex items-center gap-2 text-sm text-smoke" data-testid="graffiti-spot">
        <MapPin className="size-4 shrink-0 text-neon-cyan" aria-hidden />
        {formatCoordinates(spot)}
      </p>
      <form onSubmit={readyToUpload} noValidate className="grid gap-4 md:grid-cols-2">
        {offer && (
          <MatchOffer
            photoUrl={offer.photoUrl}
            matches={offer.matches}
            saving={logging}
            onLogIt={(match) => completeUpload(match.id)}
            onNewPiece={matches.close}
            className="md:col-span-2"
          />
        )}
        {/* Kept mounted behind the offer: the photo and the answers stay as they are. */}
        <div className={offer ? 'hidden' : 'contents'}>
          <div className="grid content-start gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-title`}>Title</Label>
              <Input
                id={`${id}-title`}
                value={form.title}
                maxLength={120}
                autoComplete="off"
                disabled={busy}
                onChange={(e) => set({ title: e.target.value })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-description`}>Description</Label>
              <Textarea
                id={`${id}-description`}
                value={form.description}
                maxLength={2000}
                disabled={busy}
                onChange={(e) => set({ description: e.target.value })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-artist`}>Artist name</Label>
              <Input
                id={`${id}-artist`}
                value={form.artistName}
                maxLength={120}
                autoComplete="off"
                placeholder="Unknown"
                disabled={busy}
                onChange={(e) => set({ artistName: e.target.value })}
              />
            </div>
          </div>
          <PhotoField
            {...field.fieldProps}
            disabled={busy}
            dropHint="Drop your graffiti photo here or %{browseFiles}"
            browseLabel="click to browse"
          />
        </div>
        <div className="grid gap-3 md:col-span-2 md:grid-cols-2">
          {offer ? null : field.photo && !matches.checking ? (
            <>
              <p
                role="status"
                className="flex items-center gap-2 rounded-xl border border-neon-lime/40 bg-neon-lime/10 p-3 text-sm text-chalk md:col-span-2"
              >
                <CircleCheck className="size-4 shrink-0 text-neon-lime" aria-hidden />
                Upload successful! Click "Complete Upload" to continue.
              </p>
              <Button type="button" size="lg" disabled={busy} onClick={() => completeUpload()}>
                {create.isPending && (
                  <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
                )}
                Complete Upload
              </Button>
            </>
          ) : (
            <Button type="submit" size="lg" disabled={titleMissing || busy}>
              {busy ? (
                <>
                  <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
                  {pendingLabel(field.phase, 'Checking the map...')}
                </>
              ) : (
                'Ready to Upload'
              )}
            </Button>
          )}
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            Cancel Upload
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
