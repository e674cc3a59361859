import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { aboveSafeArea, PHONE_LAYOUT } from './phone-layout.ts';

/**
 * Classes for the panel a place's sheet holds: it is the sheet, flush with the screen's sides and
 * the tab bar, opaque, and scrolls inside itself.
 */
export const PLACE_SHEET_PANEL =
  'min-h-0 flex-1 rounded-t-2xl rounded-b-none border-x-0 border-b-0 bg-brick shadow-[0_-8px_24px_rgba(0,0,0,0.45)]';

/**
 * A selected place on a phone (a wall, an artwork, a mission target): its own sheet standing on
 * the tab bar, in place of the walls sheet, at a fixed share of the screen so the map above keeps
 * the selected marker in view (the map moves it there, see `placeSheetCover`). The panel inside
 * brings its close button; a tap on the bare map or Escape closes it too.
 */
export function PlaceSheet({ children }: { children: ReactNode }) {
  return createPortal(
    <div
      data-testid="place-sheet"
      className="fixed inset-x-0 z-30 flex flex-col md:hidden"
      style={{
        bottom: aboveSafeArea(PHONE_LAYOUT.tabBar),
        height: `${PHONE_LAYOUT.placeSheetShare * 100}dvh`,
      }}
    >
      {children}
    </div>,
    document.body,
  );
}
