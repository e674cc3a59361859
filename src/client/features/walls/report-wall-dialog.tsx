import { Flag, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  REPORTS_TO_DISPUTE,
  WALL_REPORT_LABELS,
  WALL_REPORT_REASONS,
  type WallReportReason,
} from '../../../core/wall-status.ts';
import type { WallDetail } from '../../../core/schemas/walls.ts';
import { useReportWall } from './walls-api.ts';
import { toast } from '../../hooks/use-toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceChip } from '../../components/ui/choice-chip.tsx';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Label, Textarea } from '../../components/ui/input.tsx';
import { toastRefusal } from './refusal.ts';

/** "Report a problem": closed, not legal, private property or gone, with an optional note. */
export function ReportWallForm({ wall, onDone }: { wall: WallDetail; onDone: () => void }) {
  const [reason, setReason] = useState<WallReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useReportWall(wall.id);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason || report.isPending) return;
    report.mutate(
      { reason, note: note.trim() },
      {
        onSuccess: (now) => {
          toast({
            title: 'Report sent',
            description:
              now.status === 'disputed'
                ? 'Thanks! Players have reported this wall: it shows as disputed until a moderator checks it.'
                : `Thanks! When ${REPORTS_TO_DISPUTE} players report it, it shows as disputed until a moderator checks it.`,
          });
          onDone();
        },
        onError: toastRefusal('Could not report it'),
      },
    );
  }

  return (
    <DialogContent className="max-w-md">
      <DialogHeader>
        <DialogTitle>Report a problem with {wall.name}</DialogTitle>
        <DialogDescription>
          A wrong wall sends people to paint where they may not. Tell us what you found.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold">What is wrong?</legend>
          <div className="grid grid-cols-2 gap-2">
            {WALL_REPORT_REASONS.map((r) => (
              <ChoiceChip
                key={r}
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              >
                {WALL_REPORT_LABELS[r]}
              </ChoiceChip>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-note`}>Note (optional)</Label>
          <Textarea
            id={`${id}-note`}
            value={note}
            maxLength={500}
            placeholder="What did you see? A new fence, a sign, a council notice…"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          variant="destructive"
          disabled={!reason || report.isPending}
          aria-busy={report.isPending || undefined}
        >
          {report.isPending ? (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <Flag aria-hidden />
          )}
          {report.isPending ? 'Reporting…' : 'Send report'}
        </Button>
      </form>
    </DialogContent>
  );
}
