import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { EMOJI_PINS } from '../../../../core/constants.ts';
import type { ArtworkWaypoints } from '../../../../core/schemas/artworks.ts';
import type { Mission } from '../../../../core/schemas/catalog.ts';
import type { Marker } from '../../../../core/schemas/markers.ts';
import type { LegalWall } from '../../../../core/schemas/walls.ts';
import type { WallStatus } from '../../../../core/wall-status.ts';
import { fetchArtworkWaypoints } from '../layers/artwork-map-api.ts';
import { inBounds, type Bounds } from '../view/view-bounds.ts';
import { downloadGpx, toGpx, type Waypoint } from '../../../lib/gpx.ts';
import { toastFailure } from '../../../hooks/toast-failure.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { formatDate } from '../../../lib/format.ts';
import { isNetworkFailure } from '../../../outbox/queue.ts';
import { Button } from '../../../components/ui/button.tsx';

/** What the map shows when the player exports it. */
export interface MapContents {
  /** The map's visible box; null until the map has drawn one. */
  bounds: Bounds | null;
  walls: LegalWall[];
  missions: Mission[];
  markers: Marker[];
  /** The artworks layer's filters, or null while the layer is hidden. */
  artworkFilters: Record<string, string> | null;
}

const WALL_STATES: Record<WallStatus, string> = {
  verified: 'Verified legal wall',
  unverified: 'Not confirmed by players yet',
  disputed: 'Disputed: players reported a problem',
  closed: 'Closed',
};

const origin = () => window.location.origin;
const mapLink = (latitude: number, longitude: number) =>
  `${origin()}/?lat=${latitude}&lng=${longitude}&zoom=17`;
const described = (parts: (string | false | null)[]) => parts.filter(Boolean).join(' · ');

/**
 * The places in the map's view as GPS waypoints, each named as the map names it: walls with
 * their status, artworks by title with their artist and whether they are still there,
 * mission targets, and the player's own markers. Nothing outside the view.
 */
export function waypointsInView(
  { bounds, walls, missions, markers }: MapContents & { bounds: Bounds },
  artworks: ArtworkWaypoints['artworks'],
): Waypoint[] {
  const inView = (latitude: number, longitude: number) => inBounds(bounds, latitude, longitude);
  return [
    ...walls
      .filter((w) => inView(w.latitude, w.longitude))
      .map((w) => ({
        latitude: w.latitude,
        longitude: w.longitude,
        name: w.name,
        description: described([
          WALL_STATES[w.status],
          w.description,
          w.address,
          w.permitRequired ? 'Permit required' : 'No permit required',
        ]),
        link: mapLink(w.latitude, w.longitude),
        symbol: 'Flag, Blue',
        type: 'Legal wall',
      })),
    ...artworks.map((a) => ({
      latitude: a.latitude,
      longitude: a.longitude,
      name: a.title,
      description: described([
        a.artistName ? `by ${a.artistName}` : 'Unknown artist',
        a.status === 'gone' ? 'Gone' : 'Still there',
        `last seen ${formatDate(a.lastSeenAt)}`,
        a.foundByMe && 'You found it',
      ]),
      link: `${origin()}/art/${encodeURIComponent(a.id)}`,
      symbol: 'Scenic Area',
      type: 'Artwork',
    })),
    ...missions.flatMap(({ targetLocation: at, ...m }) =>
      at && inView(at.lat, at.lng)
        ? [
            {
              latitude: at.lat,
              longitude: at.lng,
              name: m.title,
              description: `${m.description} · ${m.rewardTokens} tokens`,
              link: mapLink(at.lat, at.lng),
              symbol: 'Flag, Red',
              type: 'Mission',
            },
          ]
        : [],
    ),
    ...markers
      .filter((m) => inView(m.latitude, m.longitude))
      .map((m) => ({
        latitude: m.latitude,
        longitude: m.longitude,
        name: m.label || 'My marker',
        description: `Your marker, pin: ${EMOJI_PINS[m.emojiPin].label}`,
        link: mapLink(m.latitude, m.longitude),
        symbol: 'Pin, Blue',
        type: 'Marker',
      })),
  ];
}

function download(places: Waypoint[]) {
  const now = new Date();
  downloadGpx(
    toGpx(places, `StreetScope: ${places.length} places in view`, now),
    `streetscope-${now.toISOString().slice(0, 10)}.gpx`,
  );
}

const NO_ARTWORKS: ArtworkWaypoints = { artworks: [], truncated: false };

/**
 * The artworks in view by title, asked for when the player exports (the map's points carry
 * none). Null without a connection: the rest of the view is exported all the same.
 */
async function artworksFor(now: MapContents & { bounds: Bounds }) {
  if (!now.artworkFilters) return NO_ARTWORKS;
  try {
    return await fetchArtworkWaypoints(now.bounds, now.artworkFilters);
  } catch (error) {
    if (isNetworkFailure(error)) return null;
    throw error;
  }
}

/** Downloads what is in view as a GPX 1.1 file, for GPS devices and hiking apps. */
export function ExportGpxButton({ contents }: { contents: () => MapContents }) {
  const [exporting, setExporting] = useState(false);

  async function exportView() {
    const now = contents();
    const { bounds } = now;
    if (!bounds) {
      toast({ title: 'The map is still loading', description: 'Export it once it shows.' });
      return;
    }
    setExporting(true);
    try {
      const artworks = await artworksFor({ ...now, bounds });
      download(waypointsInView({ ...now, bounds }, (artworks ?? NO_ARTWORKS).artworks));
      if (!artworks) {
        toast({
          title: 'Exported without the artworks',
          description: 'Their names need a connection: the walls, missions and markers are in.',
        });
      } else if (artworks.truncated) {
        toast({
          title: `The ${artworks.artworks.length} artworks seen most recently are in the file`,
          description: 'There are more in view: zoom in to export them all.',
        });
      }
    } catch (error) {
      toastFailure('Could not export the map', 'Please try again.')(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    // Over the map on desktop, whose overlay lets clicks through to the map by default.
    <Button
      type="button"
      variant="secondary"
      className="pointer-events-auto w-full flex-none shadow-2xl shadow-black/50"
      disabled={exporting}
      aria-busy={exporting || undefined}
      onClick={() => void exportView()}
    >
      {exporting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      Export GPX
    </Button>
  );
}
