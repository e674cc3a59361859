/** "850 m" under a kilometre, "3.2 km" under 100 km, then whole kilometres. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round((km * 1000) / 10) * 10} m`;
  if (km < 100) return `${km.toFixed(1)} km`;
  return `${Math.round(km).toLocaleString('en')} km`;
}

/** "33.8911°S 151.2772°E". */
export function formatCoordinates(
  { latitude, longitude }: { latitude: number; longitude: number },
  decimals = 4,
): string {
  const lat = `${Math.abs(latitude).toFixed(decimals)}°${latitude < 0 ? 'S' : 'N'}`;
  const lng = `${Math.abs(longitude).toFixed(decimals)}°${longitude < 0 ? 'W' : 'E'}`;
  return `${lat} ${lng}`;
}
