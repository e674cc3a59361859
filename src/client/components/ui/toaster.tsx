import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { dismiss, useToast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';

/** SPEC §9: 5000 ms, swipe right to dismiss (50 px), at most 420 px wide on medium screens. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismiss(t.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-14 shadow-2xl',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            'data-[state=closed]:opacity-0 transition-all',
            t.variant === 'destructive'
              ? 'border-rose-700 bg-rose-950 text-rose-50'
              : 'border-line bg-brick text-chalk',
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="font-bold">{t.title}</Toast.Title>}
            {t.description && (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute top-1.5 right-1.5 grid size-11 place-items-center rounded-lg opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Phones: at the top, clear of the map's bottom sheet; desktop: bottom right, above the
          map's action bar. */}
      <Toast.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 md:top-auto md:bottom-20 md:max-w-[420px]" />
    </Toast.Provider>
  );
}
