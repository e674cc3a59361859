import { useId } from 'react';
import { MODERATION_REASON_MAX } from '../../../core/moderation-limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { Label, Textarea } from '../../components/ui/input.tsx';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { serverMessage } from '../../lib/query-client.ts';

/** The reason every staff action needs, then Cancel and the action's own button. */
export function ReasonFields({
  reason,
  onReason,
  label,
  busy,
  ready,
  onCancel,
}: {
  reason: string;
  onReason: (reason: string) => void;
  label: string;
  busy: boolean;
  /** Whatever else the action needs is filled in. */
  ready: boolean;
  onCancel: () => void;
}) {
  const reasonId = useId();
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={reasonId}>Reason (kept in the audit log)</Label>
        <Textarea
          id={reasonId}
          required
          maxLength={MODERATION_REASON_MAX}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!reason.trim() || !ready || busy}>
          {busy ? 'Working…' : label}
        </Button>
      </div>
    </>
  );
}

/** The server's refusal of a staff action as a toast (a lost session goes to sign-in). */
export function toastNotDone(error: unknown) {
  if (handleUnauthorized(error)) return;
  toast({
    title: 'Not done',
    description: serverMessage(error) ?? 'Something went wrong. Please try again.',
    variant: 'destructive',
  });
}
