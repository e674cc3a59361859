import { useId } from 'react';
import { formatNumber } from '../../lib/format.ts';
import type { DownloadProgress as Progress } from './download.ts';
import { Button } from '../../components/ui/button.tsx';

/** A download's progress bar, tiles done of total, with its cancel. */
export function DownloadProgress({
  label,
  progress,
  onCancel,
}: {
  label: string;
  progress: Progress;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <div className="flex justify-between text-sm">
          <span id={id}>{label}</span>
          <span className="text-smoke tabular-nums">
            {formatNumber(progress.done)} of {formatNumber(progress.total)}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={id}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
          className="h-2 overflow-hidden rounded-full bg-wall"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-pink-600 to-violet-600 transition-[width]"
            style={{ width: `${progress.total ? (100 * progress.done) / progress.total : 0}%` }}
          />
        </div>
      </div>
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel download
      </Button>
    </div>
  );
}
