import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** Loading placeholder shaped like the content it stands for. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      className={cn('animate-pulse rounded-xl bg-concrete motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
