import { Marker, type Map as MapLibreMap, type PositionAnchor } from 'maplibre-gl';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** A DOM marker whose content React renders (a portal into MapLibre's marker element). */
export function MapMarker({
  map,
  longitude,
  latitude,
  anchor = 'center',
  className,
  children,
}: {
  map: MapLibreMap;
  longitude: number;
  latitude: number;
  /** Which part of the content sits on the spot. */
  anchor?: PositionAnchor;
  /** Classes for the marker's own element, which MapLibre moves over the map. */
  className?: string;
  children: ReactNode;
}) {
  const [element] = useState(() => {
    const div = document.createElement('div');
    if (className) div.className = className;
    return div;
  });
  useEffect(() => {
    const marker = new Marker({ element, anchor }).setLngLat([longitude, latitude]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, element, longitude, latitude, anchor]);
  return createPortal(children, element);
}
