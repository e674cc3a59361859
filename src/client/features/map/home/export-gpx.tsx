import { Download } from 'lucide-react';
import type { ArtworksInView } from '../../../../core/schemas/artworks.ts';
import type { Mission } from '../../../../core/schemas/catalog.ts';
import type { LegalWall } from '../../../../core/schemas/walls.ts';
import { toGpx, type Waypoint } from './gpx.ts';
import { Button } from '../../../components/ui/button.tsx';

const mapLink = (latitude: number, longitude: number) =>
  `${window.location.origin}/?lat=${latitude}&lng=${longitude}&zoom=17`;

/** The walls, missions and artworks the map shows, as waypoints for a GPS device. */
export function waypointsInView(
  walls: LegalWall[],
  missions: Mission[],
  artworks: ArtworksInView | undefined,
): Waypoint[] {
  return [
    ...walls.map((w) => ({
      latitude: w.latitude,
      longitude: w.longitude,
      name: w.name,
      description: [w.description, w.address, w.permitRequired ? 'Permit required' : null]
        .filter(Boolean)
        .join(' · '),
      link: mapLink(w.latitude, w.longitude),
      symbol: 'Flag, Blue',
      type: 'Legal wall',
    })),
    ...missions.flatMap((m) =>
      m.targetLocation
        ? [
            {
              latitude: m.targetLocation.lat,
              longitude: m.targetLocation.lng,
              name: m.title,
              description: `${m.description} · ${m.rewardTokens} tokens`,
              link: mapLink(m.targetLocation.lat, m.targetLocation.lng),
              symbol: 'Flag, Red',
              type: 'Mission',
            },
          ]
        : [],
    ),
    ...(artworks?.points ?? []).map(([id, latitude, longitude, , pin, status]) => ({
      latitude,
      longitude,
      name: `${pin} Artwork`,
      description: status === 'gone' ? 'Artwork, reported gone' : 'Artwork',
      link: `${window.location.origin}/art/${id}`,
      symbol: 'Scenic Area',
      type: 'Artwork',
    })),
  ];
}

/** Downloads what is in view as a GPX 1.1 file, for GPS devices and hiking apps. */
export function ExportGpxButton({ waypoints }: { waypoints: () => Waypoint[] }) {
  const download = () => {
    const now = new Date();
    const places = waypoints();
    const file = new Blob([toGpx(places, `StreetScope: ${places.length} places in view`, now)], {
      type: 'application/gpx+xml',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = `streetscope-${now.toISOString().slice(0, 10)}.gpx`;
    link.click();
    // The download reads the file after the click returns: released once it surely has.
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  };
  return (
    // Over the map on desktop, whose overlay lets clicks through to the map by default.
    <Button
      type="button"
      variant="secondary"
      className="pointer-events-auto w-full flex-none shadow-2xl shadow-black/50"
      onClick={download}
    >
      <Download aria-hidden />
      Export GPX
    </Button>
  );
}
