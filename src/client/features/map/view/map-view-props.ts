import type { ArtworksInView, HeatPoints, MyLogPoints } from '../../../../core/schemas/artworks.ts';
import type { Mission } from '../../../../core/schemas/catalog.ts';
import type { MapSources } from '../../../../core/schemas/map.ts';
import type { Marker } from '../../../../core/schemas/markers.ts';
import type { LegalWall } from '../../../../core/schemas/walls.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import type { MapHandle } from './map-handle.ts';
import type { LayerOptions } from './map-types.ts';
import type { Bounds } from './view-bounds.ts';

export interface Camera {
  zoom: number;
  pitch: number;
  bearing: number;
}

export interface MapViewState {
  bounds: Bounds;
  centre: Coordinates;
  zoom: number;
}

export interface MapViewProps {
  sources: MapSources;
  initialCentre: Coordinates;
  initialZoom: number;
  initialLayers: LayerOptions;
  walls: LegalWall[];
  selectedWallId: string | null;
  /** The artworks layer's answer: server clusters or pieces. */
  artworks: ArtworksInView | undefined;
  /** The artworks layer (the layers panel's switch); walls are shown or not by the page. */
  showArtworks: boolean;
  /** Pro layers: null while switched off (or not Pro). */
  heat: HeatPoints['points'] | null;
  myLogs: MyLogPoints['points'] | null;
  missions: Mission[];
  selectedMissionId: string | null;
  player: Coordinates | null;
  markers: Marker[];
  /**
   * The first view's walls and artworks have answered (or their layers are off): the map marks
   * its first drawing with them (first-drawn.ts).
   */
  firstDataIn: boolean;
  onReady: (handle: MapHandle) => void;
  onFail: (error: unknown) => void;
  onCamera: (camera: Camera) => void;
  onView: (view: MapViewState) => void;
  onSelectWall: (wall: LegalWall) => void;
  onSelectArtwork: (id: string) => void;
  onSelectMission: (mission: Mission) => void;
  /**
   * Pixels at the bottom of the map a selection's panel will cover (the phone's sheet at half
   * height): a piece tapped there is brought up into view.
   */
  coveredBottom: number;
  /** A tap on a bare spot: it closes what is open and never places anything. */
  onBareTap: () => void;
  /** Long-press or right-click: the shortcut to pinning at that spot. */
  onPinShortcut: (spot: Coordinates) => void;
  /** Imagery tiles failing ('offline': the offline basemap shows) or loading again. */
  onImagery: (status: 'online' | 'offline') => void;
}

/**
 * The props of the latest render: the map's event handlers, wired once, read them when called.
 */
export interface LatestProps {
  readonly current: MapViewProps;
}
