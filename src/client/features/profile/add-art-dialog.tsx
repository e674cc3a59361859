import { Loader2, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Artwork } from '../../../core/schemas/profile.ts';
import { useAddArtwork } from './api/profile.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { PhotoField, toastPhotoError, usePhotoField } from '../upload/index.ts';
import { pendingLabel } from '../upload/index.ts';

type ArtType = Artwork['artType'];

export const ART_TYPE_LABELS: Record<ArtType, string> = {
  graffiti: 'Graffiti',
  digital: 'Digital',
  photo: 'Photo',
  sketch: 'Sketch',
};
const ART_TYPES = Object.keys(ART_TYPE_LABELS) as ArtType[];

/** SPEC §2 'My Art Gallery': add a piece (photo up to 10 MB, title required, type). */
export function AddArtDialog() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden />
          Add Art
        </Button>
      </DialogTrigger>
      <DialogContent hideClose={busy}>
        <DialogHeader>
          <DialogTitle className="font-display text-lg font-normal">Add Art</DialogTitle>
          <DialogDescription>
            Share a piece you made. Only upload photos of your own work.
          </DialogDescription>
        </DialogHeader>
        <AddArtForm onBusyChange={setBusy} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AddArtForm({
  onBusyChange,
  onDone,
}: {
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const field = usePhotoField('gallery');
  const add = useAddArtwork();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [artType, setArtType] = useState<ArtType>('graffiti');
  const busy = field.phase !== 'idle' || add.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // SPEC §5: a title is required before the upload starts; title and description are trimmed.
    if (!title.trim()) {
      toast({
        title: 'Title Required',
        description: 'Please enter a title.',
        variant: 'destructive',
      });
      return;
    }
    if (!field.hasPhoto) {
      toast({
        title: 'Photo Required',
        description: 'Please choose a photo of your art.',
        variant: 'destructive',
      });
      return;
    }
    onBusyChange(true);
    try {
      const photo = await field.ensurePhoto();
      const artwork = await add.mutateAsync({
        imageUrl: photo.objectURL,
        title: title.trim(),
        description: description.trim(),
        artType,
      });
      toast({ title: 'Art Added', description: `'${artwork.title}' is now in your gallery.` });
      onDone();
    } catch (error) {
      const fallback = 'Failed to add artwork. Please try again.';
      if (!toastPhotoError(error, fallback) && !handleUnauthorized(error)) {
        toast({ title: 'Upload Failed', description: fallback, variant: 'destructive' });
      }
    } finally {
      onBusyChange(false);
    }
  }

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={submit} noValidate>
      <PhotoField {...field.fieldProps} disabled={busy} />
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="art-title">Title</Label>
        <Input
          id="art-title"
          value={title}
          maxLength={120}
          required
          aria-required
          disabled={busy}
          placeholder="e.g. Neon koi on Hosier Lane"
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="art-description">
          Description <span className="font-normal text-smoke">(optional)</span>
        </Label>
        <Textarea
          id="art-description"
          value={description}
          maxLength={2000}
          disabled={busy}
          placeholder="Where, when, what you used…"
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label id="art-type-label">Art type</Label>
        <Select value={artType} onValueChange={(v) => setArtType(v as ArtType)} disabled={busy}>
          <SelectTrigger aria-labelledby="art-type-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ART_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {ART_TYPE_LABELS[type]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? (
          <>
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
            {pendingLabel(field.phase, 'Adding...')}
          </>
        ) : (
          'Add to Gallery'
        )}
      </Button>
    </form>
  );
}
