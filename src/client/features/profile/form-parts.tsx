import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { toastFailure } from '../../hooks/toast-failure.ts';
import { Input, Label } from '../../components/ui/input.tsx';

/** A form's refusal, read out when it appears. */
export function FormFailure({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-rose-500/50 bg-rose-500/10 p-3 text-sm text-rose-100"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}

/** A profile action that failed: a lost session goes to sign-in, anything else is a toast. */
export const failed = (what: string) =>
  toastFailure('Error', `Could not ${what}. Please try again.`);

/** A labelled password box of the profile's forms, with an optional hint under it. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  isNew = false,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  isNew?: boolean;
  disabled: boolean;
  hint?: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        value={value}
        autoComplete={isNew ? 'new-password' : 'current-password'}
        maxLength={1000}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-smoke">
          {hint}
        </p>
      )}
    </div>
  );
}
