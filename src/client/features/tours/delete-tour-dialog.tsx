import { LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { MODERATION_REASON_MAX } from '../../../core/moderation-limits.ts';
import type { TourDetail } from '../../../core/schemas/tours.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Label, Textarea } from '../../components/ui/input.tsx';
import { toastFailure } from '../../hooks/toast-failure.ts';
import { toast } from '../../hooks/use-toast.ts';
import { useDeleteTour } from './tours-api.ts';

/**
 * "Delete tour", asked once more before it goes: its author deletes their own; staff deleting
 * another's give a reason, which the audit log keeps (docs/decisions/044).
 */
export function DeleteTourDialog({ tour }: { tour: TourDetail }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [, navigate] = useLocation();
  const remove = useDeleteTour(tour.id);
  const reasonId = useId();
  const needsReason = !tour.mine;
  const ready = !remove.isPending && (!needsReason || reason.trim() !== '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    remove.mutate(needsReason ? reason.trim() : null, {
      onSuccess: () => {
        toast({ title: 'Tour deleted', description: `${tour.title} is gone for everyone.` });
        navigate('/tours');
      },
      onError: toastFailure('Not deleted', 'Something went wrong. Please try again.'),
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" className="text-rose-300">
          <Trash2 aria-hidden />
          Delete tour
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete this tour?</DialogTitle>
          <DialogDescription>
            {tour.title} and its list of stops go for everyone, for good. The artworks and walls it
            visits stay on the map.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          {needsReason && (
            <div className="grid gap-1.5">
              <Label htmlFor={reasonId}>Reason (kept in the audit log)</Label>
              <Textarea
                id={reasonId}
                required
                maxLength={MODERATION_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button type="submit" variant="destructive" disabled={!ready}>
              {remove.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              Delete tour
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
