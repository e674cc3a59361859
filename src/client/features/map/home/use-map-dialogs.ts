import { useState } from 'react';
import type { AreaTarget } from '../../saved-areas/index.ts';

/** Which of the map home's menu and dialogs is open: the side menu, capture, saving an area. */
export function useMapDialogs() {
  const [menuOpen, setMenuOpen] = useState(false);
  // The installed app's Capture shortcut opens the map home with the dialog up (?capture=1).
  const [captureOpen, setCaptureOpen] = useState(
    () => new URLSearchParams(window.location.search).get('capture') === '1',
  );
  const [areaTarget, setAreaTarget] = useState<AreaTarget | null>(null);

  return {
    menu: [menuOpen, setMenuOpen] as const,
    capture: [captureOpen, setCaptureOpen] as const,
    area: [areaTarget, setAreaTarget] as const,
    openMenu: () => setMenuOpen(true),
    openCapture: () => setCaptureOpen(true),
    saveArea: setAreaTarget,
  };
}
