import { CalendarCheck, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CONFIRMATION_MAX_AGE_DAYS } from '../../../core/wall-status.ts';
import type { ConfirmedWall, WallDetail } from '../../../core/schemas/walls.ts';
import { confirmationItem, useConfirmWall } from './walls-api.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { queueItem, SAVED_FOR_LATER, unsentPhoto } from '../../outbox/queue.ts';
import { photoFailedOnNetwork } from '../../outbox/capture.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { PhotoField, toastPhotoError, usePhotoField } from '../upload/index.ts';
import { toastRefusal } from './refusal.ts';
import { pendingLabel } from '../upload/index.ts';

/** The player's own calendar day, `days` from today, as YYYY-MM-DD. */
function localDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function confirmedToast({ wall, counts }: ConfirmedWall, before: WallDetail['status']) {
  const description =
    wall.status === 'verified' && before !== 'verified'
      ? 'Thanks! That was the third confirmation: this wall is now verified.'
      : counts
        ? 'Thanks! It counts toward verifying this wall.'
        : wall.viewer?.proposer
          ? 'Thanks! Your own wall is verified by three other players, so this one is shown but not counted.'
          : 'Thanks! It is shown on the wall; confirmations count toward verifying once you are an established player.';
  toast({ title: 'Confirmation saved', description });
}

/**
 * "Painted here legally on <date>", with an optional photo. Mounted while its dialog is open,
 * so closing forgets the answers and the photo.
 */
export function ConfirmWallForm({ wall, onDone }: { wall: WallDetail; onDone: () => void }) {
  const [paintedOn, setPaintedOn] = useState(localDay());
  const field = usePhotoField('wall');
  const confirm = useConfirmWall(wall.id);
  const { user } = useAuth();
  const id = useId();
  const busy = field.phase !== 'idle' || confirm.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    let imageUrl: string | null = null;
    if (field.hasPhoto) {
      try {
        imageUrl = (await field.ensurePhoto()).objectURL;
      } catch (error) {
        // No signal: the confirmation and its photo wait on the device (docs/decisions/034).
        if (user && photoFailedOnNetwork(error) && error.file) {
          await queueItem({
            ...confirmationItem(wall.id, paintedOn),
            userId: user.id,
            body: { paintedOn },
            key: crypto.randomUUID(),
            photo: unsentPhoto(error.file, 'wall'),
            photoField: 'imageUrl',
          });
          toast(SAVED_FOR_LATER);
          return onDone();
        }
        toastPhotoError(error, 'Failed to upload the photo. Please try again.');
        return;
      }
    }
    confirm.mutate(
      { paintedOn, imageUrl },
      {
        onSuccess: (result) => {
          // Null when kept in the outbox: its own toast said so.
          if (result) confirmedToast(result, wall.status);
          onDone();
        },
        onError: toastRefusal('Could not confirm it'),
      },
    );
  }

  return (
    <DialogContent className="max-w-md" hideClose={busy}>
      <DialogHeader>
        <DialogTitle>Confirm {wall.name}</DialogTitle>
        <DialogDescription>
          Say you painted here legally. Three established players confirming a wall verify it.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-date`}>Painted here legally on</Label>
          <Input
            id={`${id}-date`}
            type="date"
            required
            value={paintedOn}
            min={localDay(-CONFIRMATION_MAX_AGE_DAYS)}
            max={localDay()}
            disabled={busy}
            onChange={(e) => setPaintedOn(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <span className="text-sm font-semibold">Photo (optional)</span>
          <PhotoField
            {...field.fieldProps}
            disabled={busy}
            dropHint="Drop a photo of the wall here or %{browseFiles}"
            browseLabel="browse"
          />
        </div>
        <Button type="submit" disabled={busy || !paintedOn} aria-busy={busy || undefined}>
          {busy ? (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <CalendarCheck aria-hidden />
          )}
          {busy ? pendingLabel(field.phase, 'Saving…') : 'Confirm'}
        </Button>
      </form>
    </DialogContent>
  );
}
