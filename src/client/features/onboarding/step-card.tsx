import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** True once the visitor has moved between steps (not on the first render). */
export const FocusStepContext = createContext(false);

/** A step's card; its heading takes focus when the visitor moves to it, for screen readers. */
export function StepCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useContext(FocusStepContext);
  useEffect(() => {
    if (focus) heading.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <section
      aria-labelledby="step-heading"
      className="grid gap-5 rounded-2xl border border-line bg-brick/90 p-4 shadow-xl sm:p-7"
    >
      <div className="flex items-center gap-3">
        {icon}
        <h2
          id="step-heading"
          ref={heading}
          tabIndex={-1}
          className="font-display text-xl text-chalk outline-none sm:text-2xl"
        >
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

export const iconBadge = 'grid size-12 shrink-0 place-items-center rounded-xl border';
/** Long labels wrap on a 360 px phone instead of overflowing. */
export const wrap = 'h-auto min-h-13 px-4 py-3 text-center whitespace-normal max-sm:text-[15px]';
