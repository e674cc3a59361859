import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const field =
  'w-full rounded-xl border border-line bg-wall px-3 text-base text-chalk placeholder:text-smoke/70 focus-visible:border-neon-cyan disabled:opacity-50';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-12', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-24 py-2', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-semibold text-chalk', className)} {...props} />;
}
