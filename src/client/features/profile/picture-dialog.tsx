import { Camera, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useUpdateProfilePicture } from './api/profile.ts';
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
import { PhotoField, toastPhotoError, usePhotoField } from '../upload/index.ts';
import { pendingLabel } from '../upload/index.ts';

/** SPEC §2 Profile: the edit control on the picture opens 'Update Profile Picture' (5 MB). */
export function PictureDialog() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          size="icon"
          aria-label="Change profile picture"
          className="absolute -right-1 -bottom-1 rounded-full ring-4 ring-brick [&_svg]:size-5"
        >
          <Camera aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent hideClose={busy}>
        <DialogHeader>
          <DialogTitle className="font-display text-lg font-normal">
            Update Profile Picture
          </DialogTitle>
          <DialogDescription>Show other explorers who is behind the spray can.</DialogDescription>
        </DialogHeader>
        <PictureForm onBusyChange={setBusy} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** Lives inside the dialog, so closing it forgets the chosen photo. */
function PictureForm({
  onBusyChange,
  onDone,
}: {
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const field = usePhotoField('profile');
  const update = useUpdateProfilePicture();
  const busy = field.phase !== 'idle' || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    onBusyChange(true);
    try {
      const photo = await field.ensurePhoto();
      await update.mutateAsync(photo.objectURL);
      toast({ title: 'Profile Updated', description: 'Your new picture is live.' });
      onDone();
    } catch (error) {
      if (!toastPhotoError(error, 'Failed to upload profile picture. Please try again.')) {
        if (!handleUnauthorized(error)) {
          toast({
            title: 'Error',
            description: 'Failed to update profile picture',
            variant: 'destructive',
          });
        }
      }
    } finally {
      onBusyChange(false);
    }
  }

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={submit}>
      <PhotoField {...field.fieldProps} disabled={busy} round />
      <Button type="submit" disabled={!field.hasPhoto || busy}>
        {busy ? (
          <>
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
            {pendingLabel(field.phase, 'Saving...')}
          </>
        ) : (
          'Save Picture'
        )}
      </Button>
    </form>
  );
}
