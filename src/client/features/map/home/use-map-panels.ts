import { useState } from 'react';
import { HALF, PEEK, type SheetSnap } from '../panels/map-sheet.tsx';
import { useLinkedPiece } from './map-params.ts';
import type { Selection } from './use-map-data.ts';

/**
 * What the map home's panels show: the selected place, the layers panel, the advanced imaging
 * controls, and how high the phone's walls sheet stands (a selected place has its own sheet;
 * closing it finds the walls sheet as it was).
 */
export function useMapPanels() {
  // A link to one artwork, or to a discovery (My Discoveries), arrives with its panel open.
  const linkedPiece = useLinkedPiece();
  const [selection, setSelection] = useState<Selection>(linkedPiece);
  const [snap, setSnap] = useState<SheetSnap>(PEEK);
  const [imagingOpen, setImagingOpen] = useState(false);
  const [controlsOpen, setControlsOpen] = useState(false);

  return {
    selection,
    selectedWallId: selection?.kind === 'wall' ? selection.wall.id : null,
    snap,
    setSnap,
    imagingOpen,
    controlsOpen,
    // They hang from the top of a phone's screen: the sheet folds to leave them the map.
    openControls: () => {
      setControlsOpen(true);
      setSnap(PEEK);
    },
    closeControls: () => setControlsOpen(false),

    select: (next: Selection) => {
      setSelection(next);
      if (imagingOpen) {
        setImagingOpen(false);
        setSnap(PEEK);
      }
    },

    closePlace: () => {
      const id = selection?.kind === 'wall' ? selection.wall.id : null;
      setSelection(null);
      // Back to the list entry the panel came from, once the list is visible again.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`li [data-wall-id="${id}"]`)?.focus(),
      );
    },

    // A tap on the bare map closes what is open, one thing at a time; it never places anything.
    bareTap: () => {
      if (controlsOpen) setControlsOpen(false);
      else if (selection) setSelection(null);
      else if (imagingOpen) setImagingOpen(false);
      setSnap(PEEK);
    },

    toggleImaging: () => {
      const open = !imagingOpen;
      setImagingOpen(open);
      if (open) setSelection(null);
      setSnap(open ? HALF : PEEK);
    },
  };
}
