import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudDownload, MapPin, RefreshCw, Trash2, WifiOff, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { savedAreaKeys, savedAreasQuery } from './saved-areas-api.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatDate } from '../../lib/format.ts';
import { removeAbandoned, removeArea, type SavedArea } from '../../sw/saved-areas-store.ts';
import { Button } from '../../components/ui/button.tsx';
import type { AreaTarget } from './save-area-dialog.tsx';
import { missingLine, missingParts, retryLabel, sizeText } from './area-parts.tsx';

/** How close "Open" shows an area: the whole circle on a phone. */
const OPEN_ZOOM: Record<number, number> = { 1: 15, 2: 14, 5: 13 };

/** A name for the map's centre: the nearest wall's city, else its coordinates. */
const placeName = (centre: Coordinates, city: string | undefined) =>
  city ?? `Area at ${centre.latitude.toFixed(3)}, ${centre.longitude.toFixed(3)}`;

const targetOf = (area: SavedArea): AreaTarget => ({
  centre: { latitude: area.latitude, longitude: area.longitude },
  name: area.name,
  radiusKm: area.radiusKm,
});

function SavedAreaItem({
  area,
  onRefresh,
  onRetry,
}: {
  area: SavedArea;
  onRefresh: (area: SavedArea) => void;
  onRetry: (area: SavedArea) => void;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const remove = async () => {
    await removeArea(area.id);
    await queryClient.invalidateQueries({ queryKey: savedAreaKeys.all });
    toast({
      title: `Removed ${area.name}`,
      description: `${sizeText(area.bytes)} freed on this device.`,
    });
  };
  const open = () =>
    navigate(`/?lat=${area.latitude}&lng=${area.longitude}&zoom=${OPEN_ZOOM[area.radiusKm] ?? 14}`);
  const actions: [string, LucideIcon, () => void][] = [
    [`Open ${area.name} on the map`, MapPin, open],
    [`Refresh ${area.name}`, RefreshCw, () => onRefresh(area)],
    [`Remove ${area.name}`, Trash2, () => void remove()],
  ];
  return (
    <li className="flex items-center gap-2 py-2" data-testid="saved-area">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{area.name}</p>
        <p className="text-xs text-smoke">
          {area.radiusKm} km · {formatDate(new Date(area.savedAt))} ·{' '}
          <span data-testid="saved-area-size" className="whitespace-nowrap">
            {sizeText(area.bytes)}
          </span>
        </p>
        {missingParts(area).length > 0 && (
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-neon-amber">
            {missingLine(area)}
            <Button
              type="button"
              variant="link"
              className="px-0 text-xs"
              aria-label={`${retryLabel(area)} for ${area.name}`}
              onClick={() => onRetry(area)}
            >
              {retryLabel(area)}
            </Button>
          </p>
        )}
      </div>
      {actions.map(([label, Icon, onClick]) => (
        <Button
          key={label}
          type="button"
          variant="ghost"
          size="icon"
          aria-label={label}
          onClick={onClick}
        >
          <Icon aria-hidden />
        </Button>
      ))}
    </li>
  );
}

/**
 * "Save this area" and the player's saved areas, under the map's filters and Export GPX
 * (docs/decisions/037-saved-areas.md): each opens on the map, refreshes or goes.
 */
export function SavedAreasSection({
  userId,
  centre,
  nearestCity,
  onSave,
}: {
  userId: string;
  centre: Coordinates;
  nearestCity: string | undefined;
  /** Opens the dialog (held by the map home, so it outlives a switch of layout). */
  onSave: (target: AreaTarget) => void;
}) {
  const areas = useQuery(savedAreasQuery(userId));
  useEffect(() => void removeAbandoned(userId), [userId]);
  const list = areas.data ?? [];

  return (
    <section
      aria-labelledby="saved-areas-title"
      className="pointer-events-auto grid gap-2 rounded-2xl border border-line bg-brick/95 p-4 shadow-2xl shadow-black/50"
    >
      <h2 id="saved-areas-title" className="flex items-center gap-2 text-sm font-bold">
        <WifiOff className="size-4 text-neon-cyan" aria-hidden />
        Saved areas
      </h2>
      {list.length > 0 ? (
        <ul aria-label="Saved areas" className="grid divide-y divide-line">
          {list.map((area) => (
            <SavedAreaItem
              key={area.id}
              area={area}
              onRefresh={(a) => onSave({ ...targetOf(a), replaces: a })}
              onRetry={(a) => onSave({ ...targetOf(a), retry: a })}
            />
          ))}
        </ul>
      ) : (
        <p className="text-xs text-smoke">
          Save the area around the map’s centre to see its walls, art and map without signal.
        </p>
      )}
      <Button
        type="button"
        variant="secondary"
        onClick={() => onSave({ centre, name: placeName(centre, nearestCity), radiusKm: 1 })}
      >
        <CloudDownload aria-hidden />
        Save this area
      </Button>
    </section>
  );
}
