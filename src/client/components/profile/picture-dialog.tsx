import { Camera, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { MAX_BYTES, PhotoStepError, useUpdateProfilePicture } from '../../api/profile.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog.tsx';
import { ImagePicker } from './image-picker.tsx';

/** SPEC §2 Profile: the edit control on the picture opens 'Update Profile Picture'. */
export function PictureDialog() {
  const [open, setOpen] = useState(false);
  const update = useUpdateProfilePicture();
  const busy = update.isPending;

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
        <PictureForm
          busy={busy}
          onSubmit={(file) =>
            update.mutate(file, {
              onSuccess: () => {
                setOpen(false);
                toast({ title: 'Profile Updated', description: 'Your new picture is live.' });
              },
              onError: (error) => {
                if (handleUnauthorized(error)) return;
                const uploadFailed = error instanceof PhotoStepError && error.step === 'upload';
                toast(
                  uploadFailed
                    ? {
                        title: 'Upload Failed',
                        description: 'Failed to upload profile picture. Please try again.',
                        variant: 'destructive',
                      }
                    : {
                        title: 'Error',
                        description: 'Failed to update profile picture',
                        variant: 'destructive',
                      },
                );
              },
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** Lives inside the dialog, so closing it forgets the chosen file. */
function PictureForm({ busy, onSubmit }: { busy: boolean; onSubmit: (file: File) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <form
      className="grid grid-cols-1 gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (file) onSubmit(file);
      }}
    >
      <ImagePicker
        id="profile-picture-file"
        label="Profile picture"
        maxBytes={MAX_BYTES.profile}
        onChange={setFile}
        disabled={busy}
        round
      />
      <Button type="submit" disabled={!file || busy}>
        {busy ? (
          <>
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
            Uploading...
          </>
        ) : (
          'Save Picture'
        )}
      </Button>
    </form>
  );
}
