import { Camera } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { DESCRIPTION_MAX } from '../../../core/constants.ts';
import type { CreateDiscovery } from '../../../core/schemas/discoveries.ts';
import type { CompletedUpload } from '../../../core/schemas/objects.ts';
import {
  FIND_LOGGED,
  LocationLine,
  useCreateDiscovery,
  useDiscoverySave,
  type CaptureTexts,
} from '../discoveries/index.ts';
import { PhotoField, PhotoSubmit } from '../upload/index.ts';
import { useGeolocation, type Coordinates } from '../../hooks/use-geolocation.ts';
import { toast } from '../../hooks/use-toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Label, Textarea } from '../../components/ui/input.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';

const TEXTS: CaptureTexts = {
  created: FIND_LOGGED,
  photoFailed: 'Failed to upload image. Please try again.',
  saveFailed: { title: 'Not logged', description: 'Failed to log your find. Please try again.' },
};

/**
 * The find as the capture's Log it sends it: a discovery of this artwork, named after it, with
 * the player's note as its description. Without a spot (the photo still to be processed in the
 * outbox) the photo's is taken.
 */
const findBody = (artwork: Artwork, at: Coordinates | null, note: string, imageUrl?: string) => ({
  name: artwork.title,
  description: note.trim(),
  imageUrl,
  emojiPin: artwork.emojiPin,
  ...(at && { latitude: at.latitude, longitude: at.longitude }),
  artworkId: artwork.id,
});

/**
 * Mounted while the dialog is open. The photo comes first and is required: it is the evidence
 * a find pays for. The spot is the device's location, or, without one, where the photo says it
 * was taken once the player agrees; the server checks it is by the piece (fair play).
 */
function FoundItForm({
  artwork,
  onBusyChange,
  onDone,
}: {
  artwork: Artwork;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const geo = useGeolocation();
  const create = useCreateDiscovery();
  const { field, saving, uploadPhoto, save } = useDiscoverySave({
    kind: 'discovery',
    create,
    texts: TEXTS,
    onDone,
  });
  const [usePhotoSpot, setUsePhotoSpot] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  useEffect(() => onBusyChange(saving), [saving, onBusyChange]);
  const device = geo.source === 'device' ? geo.location : null;
  const spotOf = (photo: CompletedUpload | null) =>
    device ?? (usePhotoSpot ? (photo?.location ?? null) : null);
  // A processed photo without a spot waits for the line below: a location, or the photo's.
  const waitingForSpot = field.photo !== null && !spotOf(field.photo);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || !field.hasPhoto || waitingForSpot) return;
    const photo = await uploadPhoto(() => findBody(artwork, device, note));
    if (!photo) return;
    const at = spotOf(photo);
    // Without a device location the line below now offers the photo's spot, or says why not.
    if (!at) {
      if (!photo.location) {
        toast({
          title: 'Location Required',
          description: 'Location access is required to log a find.',
        });
      }
      return;
    }
    save(findBody(artwork, at, note, photo.objectURL) as CreateDiscovery, artwork.id);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <PhotoField {...field.fieldProps} disabled={saving} />
      <LocationLine
        geo={geo}
        spot={null}
        photoLocation={field.photo?.location ?? null}
        usingPhoto={usePhotoSpot}
        onUsePhoto={setUsePhotoSpot}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={noteId}>
          Your note <span className="font-normal text-smoke">(optional)</span>
        </Label>
        <Textarea
          id={noteId}
          value={note}
          maxLength={DESCRIPTION_MAX}
          rows={2}
          className="min-h-16"
          placeholder="What has changed? A new tag beside it, faded colours…"
          disabled={saving}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {artwork.foundByMe && (
        <p className="rounded-xl border border-line bg-concrete p-3 text-sm text-chalk">
          You found it before: logging it again refreshes when it was last seen but earns no more
          tokens.
        </p>
      )}
      <PhotoSubmit
        size="lg"
        phase={field.phase}
        busy={saving}
        saving="Logging..."
        disabled={!field.hasPhoto || waitingForSpot}
      >
        Log it
      </PhotoSubmit>
      {!field.hasPhoto && (
        <p className="-mt-2 text-center text-xs text-smoke">Add your photo of it to log it.</p>
      )}
    </form>
  );
}

/**
 * 'Found it': logs a find of this artwork from its page, with a photo, as the capture's Log
 * it does (docs/decisions/021). The form lives in the dialog's content, so closing forgets
 * it; it cannot be closed while the photo or the find is on its way.
 */
export function FoundIt({ artwork }: { artwork: Artwork }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !busy) && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="lg" className="col-span-2">
          <Camera aria-hidden />
          Found it
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md" hideClose={busy}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Camera className="size-5 shrink-0 text-neon-pink" aria-hidden />
            Found {artwork.title}?
          </DialogTitle>
          <div className="flex items-start gap-3">
            {artwork.coverImageUrl && (
              <img
                src={`${artwork.coverImageUrl}/thumbnail`}
                alt={`${artwork.title}, the newest photo`}
                className="size-16 shrink-0 rounded-lg border border-line object-cover"
              />
            )}
            <DialogDescription>
              Photograph it as it is now, where it is. Your photo is the proof of your find: only a
              find with a photo earns tokens.
            </DialogDescription>
          </div>
        </DialogHeader>
        <FoundItForm artwork={artwork} onBusyChange={setBusy} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
