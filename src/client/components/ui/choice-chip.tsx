import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A native radio styled as a chip: keyboard, forms and screen readers work as usual. */
export function ChoiceChip({
  name,
  value,
  checked,
  onChange,
  children,
  compact = false,
  className,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  /** Smaller text and padding, for rows of short options. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <label className={cn('relative cursor-pointer', className)}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="peer sr-only"
      />
      <span
        className={cn(
          'flex min-h-11 items-center justify-center gap-1.5 rounded-xl border border-line bg-wall px-3 py-2 text-sm font-semibold text-smoke transition-colors peer-checked:border-neon-pink peer-checked:bg-neon-pink/15 peer-checked:text-chalk peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neon-cyan peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:text-chalk',
          compact && 'px-2.5 text-xs',
        )}
      >
        {children}
      </span>
    </label>
  );
}
