import { Marker, type Map as MapLibreMap, type PositionAnchor } from 'maplibre-gl';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** A DOM marker whose content React renders (a portal into MapLibre's marker element). */
export function MapMarker({
  map,
  longitude,
  latitude,
  anchor = 'center',
  children,
}: {
  map: MapLibreMap;
  longitude: number;
  latitude: number;
  /** Which part of the content sits on the spot. */
  anchor?: PositionAnchor;
  children: ReactNode;
}) {
  const [element] = useState(() => document.createElement('div'));
  useEffect(() => {
    const marker = new Marker({ element, anchor }).setLngLat([longitude, latitude]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, element, longitude, latitude, anchor]);
  return createPortal(children, element);
}
