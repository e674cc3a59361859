import { CloudOff, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { missingWords, RetryButton, type Missing } from './lazy-boundary.tsx';

/**
 * Stands in for a dialog whose code is not on the device. The browser's own modal dialog, not
 * the app's: that one's code may be missing as well.
 */
export function MissingPartDialog({
  open,
  onClose,
  ...missing
}: Missing & { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { title, text } = missingWords(missing.offline);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // Escape closes the browser's dialog by itself: the app's state follows.
      onClose={() => open && onClose()}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-neon-amber/40 bg-brick p-5 text-chalk shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      <div className="grid gap-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 pr-10 font-display text-lg">
          <CloudOff className="size-5 shrink-0 text-neon-amber" aria-hidden />
          {title}
        </h2>
        <p id={`${id}-text`} className="text-sm text-smoke">
          {text}
        </p>
        <RetryButton {...missing} className="justify-self-start" />
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={onClose}
        className="absolute top-3 right-3 grid size-11 place-items-center rounded-xl text-smoke hover:bg-concrete hover:text-chalk"
      >
        <X className="size-5" aria-hidden />
      </button>
    </dialog>
  );
}
