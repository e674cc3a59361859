import { useId, useState, type FormEvent } from 'react';
import {
  MODERATION_REASON_MAX,
  SUSPEND_DAYS_MAX,
  SUSPEND_DAYS_MIN,
} from '../../../core/moderation-limits.ts';
import type { ModerationActionInput } from '../../../core/schemas/moderation.ts';
import { useModerationAction } from './moderation-api.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';

/** Each kind of action's input but its reason. */
type WithoutReason<T> = T extends unknown ? Omit<T, 'reason'> : never;

/** An action waiting for its reason (and, for a suspension, its length). */
export type PendingAction =
  | {
      label: string;
      what: string;
      input: WithoutReason<Exclude<ModerationActionInput, { action: 'suspend' }>>;
    }
  | { label: string; what: string; input: { action: 'suspend'; targetId: string } };

/** Asks for the reason every action needs, then carries it out; the server's refusal as a toast. */
export function ActionDialog({
  pending,
  onClose,
}: {
  pending: PendingAction;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const act = useModerationAction();
  const reasonId = useId();
  const daysId = useId();
  const suspending = pending.input.action === 'suspend';
  const dayCount = Number(days);
  const daysOk =
    Number.isInteger(dayCount) && dayCount >= SUSPEND_DAYS_MIN && dayCount <= SUSPEND_DAYS_MAX;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim() || (suspending && !daysOk) || act.isPending) return;
    const input = (
      suspending
        ? { ...pending.input, days: dayCount, reason: reason.trim() }
        : { ...pending.input, reason: reason.trim() }
    ) as ModerationActionInput;
    act.mutate(input, {
      onSuccess: () => {
        toast({ title: `${pending.label}: done`, description: 'Written to the audit log.' });
        onClose();
      },
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        toast({
          title: 'Not done',
          description: serverMessage(error) ?? 'Something went wrong. Please try again.',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pending.label}</DialogTitle>
          <DialogDescription>{pending.what}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          {suspending && (
            <div className="grid gap-1.5">
              <Label htmlFor={daysId}>
                Days ({SUSPEND_DAYS_MIN}–{SUSPEND_DAYS_MAX})
              </Label>
              <Input
                id={daysId}
                type="number"
                inputMode="numeric"
                min={SUSPEND_DAYS_MIN}
                max={SUSPEND_DAYS_MAX}
                required
                value={days}
                onChange={(e) => setDays(e.target.value)}
              />
            </div>
          )}
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
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!reason.trim() || (suspending && !daysOk) || act.isPending}
            >
              {act.isPending ? 'Working…' : pending.label}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
