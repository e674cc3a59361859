/**
 * The phone's chrome at the map's bottom, in CSS pixels (the safe area comes on top): one place
 * for the sizes the sheets are laid out with and the map keeps a selected piece clear of.
 */
export const PHONE_LAYOUT = {
  /** The tab bar (SPEC's action bar) fixed at the bottom: 52 px of buttons and its top border. */
  tabBar: 53,
  /** The walls sheet's title row: all of the sheet that shows at rest. */
  sheetPeek: 48,
  /** The share of the screen's height a selected place's sheet takes, above the tab bar. */
  placeSheetShare: 0.45,
  /** The gap from the top of the screen to a fully open sheet: the header stays in view. */
  fullSheetGap: 53,
} as const;

/** `px` plus the bottom safe area, for the sheets that stand on the tab bar. */
export const aboveSafeArea = (px: number) => `calc(${px}px + env(safe-area-inset-bottom))`;

/** How much of the map's bottom a place's sheet and the tab bar under it cover. */
export const placeSheetCover = (viewportHeight: number) =>
  Math.round(viewportHeight * PHONE_LAYOUT.placeSheetShare) + PHONE_LAYOUT.tabBar;
