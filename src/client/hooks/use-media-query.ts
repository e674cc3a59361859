import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (rotation, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Tailwind's `md` breakpoint: from here the map home keeps side panels instead of a sheet. */
export const DESKTOP_QUERY = '(min-width: 768px)';
