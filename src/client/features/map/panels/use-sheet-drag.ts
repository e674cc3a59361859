import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { PHONE_LAYOUT } from './phone-layout.ts';

/** Visible height at peek: the title row (the tab bar under the sheet is not part of it). */
const PEEK_HEIGHT = PHONE_LAYOUT.sheetPeek;
/** Movement before a press becomes a drag (a tap on a button inside stays a tap). */
const DRAG_SLOP = 6;
/** A release faster than this (px/ms) is a flick: on to the next snap in its direction. */
const FLICK_SPEED = 0.5;

/** How far the sheet sits below its fully open place at snap 1 (peek), 2 (half) and 3 (full). */
function offsetAt(snap: number, height: number) {
  const visible = [PEEK_HEIGHT, Math.round(height / 2), height][snap - 1] ?? PEEK_HEIGHT;
  return Math.max(0, height - visible);
}

/**
 * Dragging the phone's sheet between its snaps. While a finger moves the sheet, the transform is
 * written straight to the element (no render per frame); the release picks the snap by position
 * or, for a flick, by direction, and the page's state moves the sheet there.
 */
export function useSheetDrag(snap: number, onSnap: (snap: number) => void) {
  const ref = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(
    () => window.innerHeight - PHONE_LAYOUT.fullSheetGap - PHONE_LAYOUT.tabBar,
  );
  const press = useRef<{
    id: number;
    y: number;
    from: number;
    dragging: boolean;
    samples: { y: number; t: number }[];
  } | null>(null);
  const suppressClick = useRef(false);

  // Read when the browser lays the sheet out anyway (reading offsetHeight while the map home
  // mounted forced a layout of the whole new page inside that task), and applied before that
  // frame is painted, so the sheet never shows at the estimate.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize[0];
      if (box) flushSync(() => setHeight(Math.round(box.blockSize)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const offset = offsetAt(snap, height);

  const place = (y: number) => {
    const el = ref.current;
    if (!el) return;
    el.style.transition = 'none';
    el.style.transform = `translateY(${y}px)`;
  };

  /** The list ends at the screen's bottom edge at rest; while dragged, all of it shows. */
  const listEnd = (margin: number) => {
    const list = ref.current?.querySelector<HTMLElement>('[data-sheet-scroll]');
    if (list) list.style.marginBottom = `${margin}px`;
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    suppressClick.current = false;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    press.current = {
      id: event.pointerId,
      y: event.clientY,
      from: offset,
      dragging: false,
      samples: [{ y: event.clientY, t: event.timeStamp }],
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const p = press.current;
    if (!p || p.id !== event.pointerId) return;
    const dy = event.clientY - p.y;
    if (!p.dragging) {
      if (Math.abs(dy) < DRAG_SLOP) return;
      // Fully open, the list scrolls: the sheet moves only when pulled down from the list's top.
      const list = (event.target as Element).closest('[data-sheet-scroll]');
      if (list && snap === 3 && (list.scrollTop > 0 || dy < 0)) {
        press.current = null;
        return;
      }
      p.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      listEnd(0);
    }
    p.samples = [...p.samples.slice(-4), { y: event.clientY, t: event.timeStamp }];
    place(Math.min(offsetAt(1, height), Math.max(0, p.from + dy)));
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    const p = press.current;
    if (!p || p.id !== event.pointerId) return;
    press.current = null;
    if (!p.dragging) return;
    suppressClick.current = true;
    // A cancelled pointer reports no position: the last move is where the sheet is.
    const first = p.samples[0]!;
    const last = p.samples[p.samples.length - 1]!;
    const speed = (last.y - first.y) / Math.max(1, last.t - first.t);
    const at = Math.min(offsetAt(1, height), Math.max(0, p.from + last.y - p.y));
    const snaps = [1, 2, 3];
    let to: number;
    if (Math.abs(speed) > FLICK_SPEED) {
      // Up (negative speed) goes to the first snap above where the sheet is, down to the first below.
      to =
        speed < 0
          ? (snaps.find((s) => offsetAt(s, height) < at) ?? 3)
          : ([...snaps].reverse().find((s) => offsetAt(s, height) > at) ?? 1);
    } else {
      to = snaps.reduce((best, s) =>
        Math.abs(offsetAt(s, height) - at) < Math.abs(offsetAt(best, height) - at) ? s : best,
      );
    }
    const el = ref.current;
    if (el) {
      el.style.transition = '';
      el.style.transform = `translateY(${offsetAt(to, height)}px)`;
    }
    listEnd(offsetAt(to, height));
    onSnap(to);
  };

  // A drag that ends over a button must not press it.
  const onClickCapture = (event: { preventDefault(): void; stopPropagation(): void }) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return {
    ref,
    offset,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onClickCapture,
    },
  };
}
