import { MapPin, SprayCan } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { formatCoordinates } from '../../../lib/geo-format.ts';
import { useCreateGraffiti, type CaptureTexts } from '../../discoveries/index.ts';
import { CaptureForm, DescriptionField, LineField } from './capture-form.tsx';
import { GraffitiActions } from './graffiti-actions.tsx';
import { useCaptureSubmit } from './use-capture-submit.ts';

interface FormState {
  title: string;
  description: string;
  artistName: string;
}

const EMPTY: FormState = { title: '', description: '', artistName: '' };

const TEXTS: CaptureTexts = {
  created: 'Graffiti Uploaded!',
  photoFailed: 'Failed to upload graffiti photo. Please try again.',
  saveFailed: {
    title: 'Upload Failed',
    description: 'Failed to upload graffiti. Please try again.',
  },
};

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
  const create = useCreateGraffiti();
  const capture = useCaptureSubmit({
    kind: 'graffiti',
    create,
    texts: TEXTS,
    onBusyChange,
    onDone: onClose,
  });
  const { field, matches, offer, busy } = capture;
  const id = useId();
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const titleMissing = form.title.trim() === '';

  async function readyToUpload(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (titleMissing) return titleRequired(' before uploading');
    if (!field.hasPhoto) {
      toast({ title: 'Photo Required', description: 'Please choose a photo of the graffiti.' });
      return;
    }
    const photo = await capture.uploadPhoto(() => graffitiBody());
    if (photo) await matches.offerMatches(photo.objectURL, spot);
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
    capture.save({ ...graffitiBody(artworkId), imageUrl: field.photo.objectURL }, artworkId);
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
      <CaptureForm
        capture={capture}
        onSubmit={readyToUpload}
        onLogIt={(match) => completeUpload(match.id)}
        onNewPiece={matches.close}
        className="grid gap-4 md:grid-cols-2"
        offerClassName="md:col-span-2"
        photoWords={{
          dropHint: 'Drop your graffiti photo here or %{browseFiles}',
          browseLabel: 'click to browse',
        }}
        fields={
          <div className="grid content-start gap-4">
            <LineField
              id={`${id}-title`}
              label="Title"
              value={form.title}
              disabled={busy}
              onChange={(title) => set({ title })}
            />
            <DescriptionField
              id={`${id}-description`}
              value={form.description}
              disabled={busy}
              onChange={(description) => set({ description })}
            />
            <LineField
              id={`${id}-artist`}
              label="Artist name"
              value={form.artistName}
              placeholder="Unknown"
              disabled={busy}
              onChange={(artistName) => set({ artistName })}
            />
          </div>
        }
        footer={
          <GraffitiActions
            offered={offer !== null}
            uploaded={field.photo !== null && !matches.checking}
            saving={create.isPending}
            busy={busy}
            phase={field.phase}
            titleMissing={titleMissing}
            onComplete={() => completeUpload()}
            onCancel={onClose}
          />
        }
      />
    </DialogContent>
  );
}
