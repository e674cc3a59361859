import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-neon-pink/50 bg-neon-pink/15 text-pink-200',
        cyan: 'border-neon-cyan/50 bg-neon-cyan/15 text-cyan-100',
        lime: 'border-neon-lime/50 bg-neon-lime/15 text-lime-100',
        amber: 'border-neon-amber/50 bg-neon-amber/15 text-amber-100',
        red: 'border-rose-500/60 bg-rose-500/15 text-rose-100',
        green: 'border-emerald-500/60 bg-emerald-500/15 text-emerald-100',
        yellow: 'border-yellow-400/60 bg-yellow-400/15 text-yellow-100',
        outline: 'border-line text-smoke',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
