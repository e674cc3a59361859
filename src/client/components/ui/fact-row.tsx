import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One row of a place's facts: an icon standing for its name (read out to screen readers). */
export function FactRow({
  icon: Icon,
  label,
  children,
  className,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex items-start gap-2">
      <dt className="shrink-0">
        <Icon className="mt-0.5 size-4 text-neon-cyan" aria-hidden />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
