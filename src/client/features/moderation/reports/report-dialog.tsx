import { useId, useState, type FormEvent } from 'react';
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGET_NAMES,
  type ReportReason,
  type ReportTarget,
} from '../../../../core/content-reports.ts';
import { useReport } from '../moderation-api.ts';
import { handleUnauthorized } from '../../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { serverMessage } from '../../../lib/query-client.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceChip } from '../../../components/ui/choice-chip.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Label, Textarea } from '../../../components/ui/input.tsx';
import { REASON_LABELS } from './report-reasons.ts';

/** Why the player reports it (required) and an optional note; the server's answer as a toast. */
export function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTarget;
  targetId: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useReport();
  const noteId = useId();
  const name = REPORT_TARGET_NAMES[targetType];

  // mutateAsync, not mutate's callbacks: a report that hides a post removes the card this
  // dialog belongs to, and the answer must still reach the player.
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason || report.isPending) return;
    try {
      const result = await report.mutateAsync({
        targetType,
        targetId,
        reason,
        note: note.trim() || undefined,
      });
      // Only what happened: most reports leave the content shown until a moderator decides.
      toast({
        title: result.hidden
          ? 'Thanks — it is hidden until a moderator reviews it.'
          : 'Thanks — a moderator will look at it.',
      });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({
        title: 'Not reported',
        description: serverMessage(error) ?? 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    }
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this {name}</DialogTitle>
          <DialogDescription>
            Reports are private, and a moderator reviews every one. Content reported by two
            established players is hidden until then.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold">What is wrong with it?</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {REPORT_REASONS.map((r) => (
                <ChoiceChip
                  key={r}
                  name="report-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="[&>span]:justify-start"
                >
                  {REASON_LABELS[r]}
                </ChoiceChip>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={noteId}>Anything a moderator should know? (optional)</Label>
            <Textarea
              id={noteId}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || report.isPending}>
              {report.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
