import { ChevronUp } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Sheet, type SheetRef } from 'react-modal-sheet';
import { cn } from '../../lib/cn.ts';

/**
 * The phone's bottom sheet snap points (react-modal-sheet: 0 is closed, pixels are visible
 * height, fractions are shares of the sheet): peek (its title row and the action bar), half,
 * full. The sheet is never closed.
 */
const SNAP_POINTS = [0, 108, 0.5, 1];
export type SheetSnap = 1 | 2 | 3;
export const PEEK: SheetSnap = 1;
export const HALF: SheetSnap = 2;
export const FULL: SheetSnap = 3;

const clampSnap = (n: number): SheetSnap => Math.min(FULL, Math.max(PEEK, n)) as SheetSnap;

/**
 * The map home's panels on a phone: a bottom sheet that is always there, dragged or flicked
 * between peek, half and full, or driven from its grab button by keyboard (Enter cycles,
 * arrows step, Home and End jump). It is a region of the page, not a dialog: the header and
 * the map stay in reach of keyboards and screen readers.
 */
export function MapSheet({
  snap,
  onSnap,
  title,
  action,
  peek,
  children,
}: {
  snap: SheetSnap;
  onSnap: (snap: SheetSnap) => void;
  /** The title row: always in view, names what the sheet holds. */
  title: ReactNode;
  /** A button beside the title (Allow Location while no location is known). */
  action?: ReactNode;
  /** What stays under the title at peek (the action bar). */
  peek: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<SheetRef>(null);
  // Where the page last sent the sheet: the library's report of reaching an older target (its
  // animation still running when the page asked again) must not undo the newer one.
  const sentTo = useRef<number | null>(null);
  // The library's own current snap lags behind quick key presses: every change is sent.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    sentTo.current = snap;
    ref.current?.snapTo(snap);
  }, [snap]);
  const onLibrarySnap = (index: number) => {
    if (sentTo.current !== null) {
      if (index === sentTo.current) sentTo.current = null;
      return;
    }
    // A drag or a flick by the player.
    if (index > 0 && index !== snap) onSnap(clampSnap(index));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = { ArrowUp: snap + 1, ArrowDown: snap - 1, Home: PEEK, End: FULL }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSnap(clampSnap(target));
  };

  return (
    <Sheet
      ref={ref}
      isOpen
      onClose={() => onSnap(PEEK)}
      snapPoints={SNAP_POINTS}
      initialSnap={snap}
      onSnap={onLibrarySnap}
      disableDismiss
      disableScrollLocking
      // Under the header's menus and every dialog, over the map.
      style={{ zIndex: 30 }}
      className="md:hidden"
    >
      <Sheet.Container
        unstyled
        role="region"
        aria-labelledby="map-sheet-title"
        data-testid="map-sheet"
        data-snap={snap - 1}
        className="rounded-t-3xl border-t border-line bg-brick/95 shadow-[0_-12px_40px_rgba(0,0,0,0.55)]"
      >
        <Sheet.Header unstyled className="flex min-h-12 items-center gap-2 px-3 pt-1">
          <span
            aria-hidden
            className="absolute top-1.5 left-1/2 h-1.5 w-10 -translate-x-1/2 rounded-full bg-line"
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
        </Sheet.Header>
        <Sheet.Content unstyled disableScroll={(s) => s.currentSnap !== FULL}>
          {peek}
          <div className="px-3 pt-2 pb-[calc(1rem+env(safe-area-inset-bottom))]">{children}</div>
        </Sheet.Content>
      </Sheet.Container>
    </Sheet>
  );
}
