import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** A DOM marker whose content React renders (a portal into MapLibre's marker element). */
export function MapMarker({
  map,
  longitude,
  latitude,
  children,
}: {
  map: MapLibreMap;
  longitude: number;
  latitude: number;
  children: ReactNode;
}) {
  const [element] = useState(() => document.createElement('div'));
  useEffect(() => {
    const marker = new Marker({ element }).setLngLat([longitude, latitude]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, element, longitude, latitude]);
  return createPortal(children, element);
}
