import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** Whole class names, so Tailwind finds them. */
const CLAMPS = { 3: 'line-clamp-3', 4: 'line-clamp-4', 6: 'line-clamp-6' } as const;

/**
 * A player's words as they wrote them (their line breaks kept, a long word broken anywhere),
 * cut to a few lines with "More" when they run longer; "Less" folds them again. `what` names
 * the words for screen readers ("More of the description").
 */
export function ClampedText({
  text,
  what,
  lines = 4,
  className,
  testId,
}: {
  text: string;
  what: string;
  lines?: keyof typeof CLAMPS;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    // Measured rather than guessed from the length: words that fit 3 lines on a desktop take 8
    // on a phone, and the panel changes width as it opens.
    const measure = () => setCut(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, open]);

  return (
    <div className={className} data-testid={testId}>
      <p
        ref={ref}
        id={id}
        className={cn('whitespace-pre-line [overflow-wrap:anywhere]', !open && CLAMPS[lines])}
      >
        {text}
      </p>
      {(cut || open) && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="-mx-1 mt-0.5 inline-flex min-h-8 items-center rounded-md px-1 text-sm font-semibold text-neon-cyan hover:underline"
        >
          {open ? 'Less' : 'More'}
          <span className="sr-only"> of {what}</span>
        </button>
      )}
    </div>
  );
}
