import { useState } from 'react';
import type { MapHandle } from '../view/map-handle.ts';
import type { MapViewState } from '../view/map-view-props.ts';
import { artworkViewFor, fetchBoxFor, type ArtworkView, type Bounds } from '../view/view-bounds.ts';

/**
 * What the map has told the map home: its handle once ready (until then it loads, unless it
 * failed), whether its imagery is reachable, its view and the boxes the data is fetched for.
 * Until the map reports its view, the boxes are those of its first view (`first`), asked for
 * while the map starts; the view it then reports keeps them when they hold it.
 */
export function useMapReports(first: () => { fetchBox: Bounds; artworkView: ArtworkView }) {
  const [failed, setFailed] = useState(false);
  const [imagery, setImagery] = useState<'online' | 'offline' | null>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [view, setView] = useState<MapViewState | null>(null);
  const [start] = useState(first);
  const [fetchBox, setFetchBox] = useState<Bounds>(start.fetchBox);
  const [artworkView, setArtworkView] = useState<ArtworkView>(start.artworkView);

  return {
    failed,
    fail: () => setFailed(true),
    imagery,
    setImagery,
    handle,
    setHandle,
    ready: handle !== null,
    view,
    fetchBox,
    artworkView,
    showView: (v: MapViewState) => {
      setView(v);
      setFetchBox((current) => fetchBoxFor(v.bounds, current));
      setArtworkView((current) => artworkViewFor(v.bounds, v.zoom, current));
    },
  };
}
