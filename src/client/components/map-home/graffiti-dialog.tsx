import { MapPin, SprayCan } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { toast } from '../../hooks/use-toast.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx';
import { Input, Label, Textarea } from '../ui/input.tsx';
import { formatCoordinates } from './format.ts';

interface FormState {
  title: string;
  description: string;
  artistName: string;
}

const EMPTY: FormState = { title: '', description: '', artistName: '' };

/**
 * SPEC §2 graffiti upload dialog, opened for the map spot the player clicked (`spot`; null
 * means closed). The title is required (trimmed); the artist name falls back to Unknown.
 */
export function GraffitiDialog({
  spot,
  onClose,
}: {
  spot: Coordinates | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const id = useId();
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const titleMissing = form.title.trim() === '';

  function changeOpen(open: boolean) {
    if (open) return;
    setForm(EMPTY);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (titleMissing) {
      toast({
        title: 'Title Required',
        description: 'Please enter a title for your graffiti discovery before uploading.',
      });
    }
  }

  return (
    <Dialog open={spot !== null} onOpenChange={changeOpen}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 font-display text-lg font-normal">
            <SprayCan className="size-5 text-neon-pink" aria-hidden />
            Upload Graffiti
          </DialogTitle>
          <DialogDescription>Pin a piece at this spot and earn 150 Spray Coins.</DialogDescription>
        </DialogHeader>
        {spot && (
          <p className="flex items-center gap-2 text-sm text-smoke" data-testid="graffiti-spot">
            <MapPin className="size-4 shrink-0 text-neon-cyan" aria-hidden />
            {formatCoordinates(spot)}
          </p>
        )}
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              value={form.title}
              maxLength={120}
              autoComplete="off"
              onChange={(e) => set({ title: e.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea
              id={`${id}-description`}
              value={form.description}
              maxLength={2000}
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
              onChange={(e) => set({ artistName: e.target.value })}
            />
          </div>
          <Button type="submit" size="lg" disabled={titleMissing}>
            Ready to Upload
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
