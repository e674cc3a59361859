import { useId, useState, type FormEvent } from 'react';
import { SUSPEND_DAYS_MAX, SUSPEND_DAYS_MIN } from '../../../core/moderation-limits.ts';
import type { ModerationActionInput } from '../../../core/schemas/moderation.ts';
import { useModerationAction } from './moderation-api.ts';
import { toast } from '../../hooks/use-toast.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { ReasonFields, toastNotDone } from './reason-fields.tsx';

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
      onError: toastNotDone,
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
          <ReasonFields
            reason={reason}
            onReason={setReason}
            label={pending.label}
            busy={act.isPending}
            ready={!suspending || daysOk}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
