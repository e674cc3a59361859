import { LoaderCircle } from 'lucide-react';
import type { FormEvent } from 'react';
import type { MyDiscovery } from '../../../core/schemas/discoveries.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { toastFailure } from '../../hooks/toast-failure.ts';
import { toast } from '../../hooks/use-toast.ts';
import { PhotoField, pendingLabel, toastPhotoError, usePhotoField } from '../upload/index.ts';
import { useAddDiscoveryPhoto } from './discoveries-api.ts';

/**
 * The photo of a discovery saved without one: the evidence that pays for it. The server checks
 * it as it checks a photo at capture (the player's own, not documented, taken near the pin).
 */
export function AddPhotoDialog({
  discovery,
  onClose,
}: {
  discovery: MyDiscovery;
  onClose: () => void;
}) {
  const field = usePhotoField('discovery');
  const add = useAddDiscoveryPhoto();
  const busy = field.phase !== 'idle' || add.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !field.hasPhoto) return;
    try {
      const photo = await field.ensurePhoto();
      const paid = await add.mutateAsync({ id: discovery.id, imageUrl: photo.objectURL });
      toast(
        paid.pendingReview
          ? {
              title: 'Pending review',
              description: 'The photo was taken far from the pin: it pays once approved.',
            }
          : { title: 'Photo added', description: `You earned ${paid.tokensAwarded} tokens.` },
      );
      onClose();
    } catch (error) {
      if (toastPhotoError(error, 'Failed to upload image. Please try again.')) return;
      toastFailure('Photo not added', 'Something went wrong. Please try again.')(error);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a photo</DialogTitle>
          <DialogDescription>
            {discovery.name} was saved without a photo, so it has earned nothing yet. A photo you
            took there pays for it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <PhotoField {...field.fieldProps} disabled={add.isPending} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !field.hasPhoto}>
              {busy ? (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden />
                  {pendingLabel(field.phase, 'Adding...')}
                </>
              ) : (
                'Add photo'
              )}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
