import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-bold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default:
          'bg-gradient-to-r from-pink-600 to-violet-600 text-white shadow-lg shadow-neon-pink/20 hover:brightness-110',
        secondary: 'border border-line bg-brick text-chalk hover:bg-concrete',
        outline: 'border border-neon-cyan/60 text-neon-cyan hover:bg-neon-cyan/10',
        ghost: 'text-chalk hover:bg-concrete',
        destructive: 'bg-rose-700 text-white hover:bg-rose-600',
        link: 'min-h-0 px-0 text-neon-cyan underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-11',
        sm: 'h-11 px-3 text-xs',
        lg: 'h-13 px-6 text-base',
        icon: 'size-11 px-0',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
