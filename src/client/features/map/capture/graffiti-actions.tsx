import { CircleCheck, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { UploadPhase } from '../../upload/index.ts';
import { pendingLabel } from '../../upload/index.ts';

const spinner = <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />;

/**
 * The graffiti upload's two steps: 'Ready to Upload' sends the photo (the form's submit), then
 * 'Complete Upload' pins it. While the match offer stands only Cancel Upload is left here.
 */
export function GraffitiActions({
  offered,
  uploaded,
  saving,
  busy,
  phase,
  titleMissing,
  onComplete,
  onCancel,
}: {
  offered: boolean;
  /** The photo is processed and checked against the map. */
  uploaded: boolean;
  saving: boolean;
  busy: boolean;
  phase: UploadPhase;
  titleMissing: boolean;
  onComplete: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="grid gap-3 md:col-span-2 md:grid-cols-2">
      {offered ? null : uploaded ? (
        <>
          <p
            role="status"
            className="flex items-center gap-2 rounded-xl border border-neon-lime/40 bg-neon-lime/10 p-3 text-sm text-chalk md:col-span-2"
          >
            <CircleCheck className="size-4 shrink-0 text-neon-lime" aria-hidden />
            Upload successful! Click "Complete Upload" to continue.
          </p>
          <Button type="button" size="lg" disabled={busy} onClick={onComplete}>
            {saving && spinner}
            Complete Upload
          </Button>
        </>
      ) : (
        <Button type="submit" size="lg" disabled={titleMissing || busy}>
          {busy ? (
            <>
              {spinner}
              {pendingLabel(phase, 'Checking the map...')}
            </>
          ) : (
            'Ready to Upload'
          )}
        </Button>
      )}
      <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
        Cancel Upload
      </Button>
    </div>
  );
}
