import { LoaderCircle } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { pendingLabel } from './pending-label.ts';
import type { UploadPhase } from './photo-field-types.ts';

/**
 * A photo form's submit: its label, or while busy a spinner and SPEC §2's pending label for
 * the step on its way ('Uploading...', 'Processing...', then the form's own `saving`).
 */
export function PhotoSubmit({
  phase,
  busy,
  saving,
  disabled = false,
  size,
  children,
}: {
  phase: UploadPhase;
  busy: boolean;
  saving: string;
  disabled?: boolean;
  size?: ComponentProps<typeof Button>['size'];
  children: ReactNode;
}) {
  return (
    <Button type="submit" size={size} disabled={busy || disabled}>
      {busy ? (
        <>
          <LoaderCircle className="animate-spin" aria-hidden />
          {pendingLabel(phase, saving)}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
