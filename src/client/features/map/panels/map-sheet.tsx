import { ChevronUp } from 'lucide-react';
import { type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../../lib/cn.ts';
import { aboveSafeArea, PHONE_LAYOUT } from './phone-layout.ts';
import { useSheetDrag } from './use-sheet-drag.ts';

export type SheetSnap = 1 | 2 | 3;
export const PEEK: SheetSnap = 1;
export const HALF: SheetSnap = 2;
export const FULL: SheetSnap = 3;

const clampSnap = (n: number): SheetSnap => Math.min(FULL, Math.max(PEEK, n)) as SheetSnap;

/**
 * The map home's panels on a phone: a bottom sheet standing on the tab bar, always there,
 * dragged or flicked between peek (its title row), half and full, or driven from its grab
 * button by keyboard (Enter cycles, arrows step, Home and End jump). It is a region of the
 * page, not a dialog: the header and the map stay in reach of keyboards and screen readers. It
 * moves by a CSS transition alone, so nothing runs in the map's frames while it rests.
 */
export function MapSheet({
  snap,
  onSnap,
  title,
  action,
  children,
}: {
  snap: SheetSnap;
  onSnap: (snap: SheetSnap) => void;
  /** The title row: always in view, names what the sheet holds. */
  title: ReactNode;
  /** A button beside the title (Allow Location while no location is known). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const { ref, offset, handlers } = useSheetDrag(snap, (to) => onSnap(clampSnap(to)));

  const onKeyDown = (event: KeyboardEvent) => {
    const target = { ArrowUp: snap + 1, ArrowDown: snap - 1, Home: PEEK, End: FULL }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSnap(clampSnap(target));
  };

  return createPortal(
    <section
      ref={ref}
      aria-labelledby="map-sheet-title"
      data-testid="map-sheet"
      data-snap={snap - 1}
      {...handlers}
      // Under the tab bar, the header's menus and every dialog, over the map. Opaque: nothing
      // on the map shows through it.
      className="fixed inset-x-0 z-30 flex flex-col rounded-t-2xl border-t border-line bg-brick shadow-[0_-8px_24px_rgba(0,0,0,0.45)] transition-transform duration-200 ease-out motion-reduce:duration-0 md:hidden"
      style={{
        bottom: aboveSafeArea(PHONE_LAYOUT.tabBar),
        height: `calc(100dvh - env(safe-area-inset-top) - ${PHONE_LAYOUT.fullSheetGap + PHONE_LAYOUT.tabBar}px - env(safe-area-inset-bottom))`,
        transform: `translateY(${offset}px)`,
        // Vertical moves drag the sheet; sideways ones still scroll rows inside it.
        touchAction: 'pan-x',
      }}
    >
      <div
        className="relative flex shrink-0 items-center gap-2 px-3"
        style={{ height: PHONE_LAYOUT.sheetPeek }}
      >
        <span
          aria-hidden
          className="absolute top-1 left-1/2 h-1 w-10 -translate-x-1/2 rounded-full bg-line"
        />
        <button
          type="button"
          aria-expanded={snap !== PEEK}
          aria-label={snap === PEEK ? 'Expand panel' : 'Collapse panel'}
          onClick={() => onSnap(snap === FULL ? PEEK : clampSnap(snap + 1))}
          onKeyDown={onKeyDown}
          className="grid size-11 shrink-0 place-items-center rounded-xl text-smoke hover:text-chalk"
        >
          <ChevronUp
            className={cn('size-5 transition-transform', snap === FULL && 'rotate-180')}
            aria-hidden
          />
        </button>
        <h2
          id="map-sheet-title"
          className="flex min-w-0 flex-1 items-center gap-2 text-sm font-bold"
        >
          {title}
        </h2>
        {action}
      </div>
      <div
        data-sheet-scroll
        className={cn('min-h-0 flex-1', snap === FULL ? 'overflow-y-auto' : 'overflow-hidden')}
        style={{
          marginBottom: offset,
          touchAction: snap === FULL ? 'pan-x pan-y' : undefined,
        }}
      >
        <div className="px-3 pt-1 pb-4">{children}</div>
      </div>
    </section>,
    document.body,
  );
}
