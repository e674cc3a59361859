import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudDownload, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AREA_ARTWORKS_LIMIT, AREA_RADII_KM, AREA_WALLS_LIMIT } from '../../../core/constants.ts';
import type { MapSources } from '../../../core/schemas/map.ts';
import {
  areaContentsQuery,
  imageryProbeQuery,
  savedAreaKeys,
  savedAreasQuery,
} from './saved-areas-api.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { formatNumber } from '../../lib/format.ts';
import type { DownloadProgress as Progress } from './download.ts';
import { DownloadProgress } from './download-progress.tsx';
import {
  MIN_ZOOM,
  deepestImageryZoom,
  overCap,
  planFor,
  probeTileUrl,
  withoutImagery,
} from './plan.ts';
import { saveArea, type Saved } from './save.ts';
import type { SavedArea } from '../../sw/saved-areas-store.ts';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceChip } from '../../components/ui/choice-chip.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { AreaSummary, type ImageryReach } from './area-summary.tsx';
import { SavedAreaResult } from './saved-area-result.tsx';

/**
 * Where the dialog saves: the map's centre, a walking tour's route (`route`: the middle of its
 * stops, with the radius that holds them all), or a saved area being refreshed; or a saved area
 * whose missing map is to be retried.
 */
export interface AreaTarget {
  centre: Coordinates;
  name: string;
  radiusKm: number;
  route?: boolean;
  replaces?: SavedArea;
  retry?: SavedArea;
}

type Stage =
  | { step: 'choose' }
  | { step: 'saving'; progress: Progress }
  | { step: 'saved'; saved: Saved }
  | { step: 'failed'; message: string };

/** The dialog for `target`, while there is one. */
export function SaveAreaDialogFor({
  target,
  userId,
  sources,
  onClose,
}: {
  target: AreaTarget | null;
  userId: string;
  sources: MapSources;
  onClose: () => void;
}) {
  const areas = useQuery(savedAreasQuery(userId));
  const usedBytes = (areas.data ?? [])
    .filter((a) => a.id !== target?.replaces?.id)
    .reduce((n, a) => n + a.bytes, 0);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target?.retry ? (
        <RetryAreaDialog area={target.retry} sources={sources} onClose={onClose} />
      ) : (
        target && (
          <SaveAreaDialog
            target={target}
            userId={userId}
            sources={sources}
            usedBytes={usedBytes}
            onClose={onClose}
          />
        )
      )}
    </Dialog>
  );
}

/** A saved area missing part of its map, from the list: what it keeps, and the retry. */
function RetryAreaDialog({
  area,
  sources,
  onClose,
}: {
  area: SavedArea;
  sources: MapSources;
  onClose: () => void;
}) {
  return (
    <DialogContent className="max-w-md">
      <DialogHeader>
        <DialogTitle>{area.name}</DialogTitle>
        <DialogDescription>
          Part of this saved area’s map is missing. A retry fetches only the tiles it lacks.
        </DialogDescription>
      </DialogHeader>
      <SavedAreaResult
        saved={{ area, shortfalls: {} }}
        sources={sources}
        justSaved={false}
        onClose={onClose}
      />
    </DialogContent>
  );
}

/**
 * "Save this area" (docs/decisions/037-saved-areas.md): a radius around the map's centre, what
 * it holds and its size before anything downloads, the cap refused with its reason, then
 * progress with a cancel, and the result.
 */
export function SaveAreaDialog({
  target,
  userId,
  sources,
  usedBytes,
  onClose,
}: {
  target: AreaTarget;
  userId: string;
  sources: MapSources;
  /** What the player's other saved areas take on the device. */
  usedBytes: number;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(target.name);
  const [radiusKm, setRadiusKm] = useState(target.radiusKm);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const cancel = useRef<AbortController | null>(null);
  const contents = useQuery(areaContentsQuery(target.centre, radiusKm));
  // Closing the dialog mid-download cancels it.
  useEffect(() => () => cancel.current?.abort(), []);

  const imageryMaxZoom = sources.satellite?.maxzoom ?? null;
  const plan = planFor(target.centre, radiusKm, sources);
  const probeUrl = sources.satellite && probeTileUrl(plan, sources.satellite.tiles);
  const probe = useQuery(imageryProbeQuery(probeUrl));
  const imagery: ImageryReach = !probeUrl
    ? null
    : probe.isPending
      ? 'checking'
      : probe.data
        ? 'answers'
        : 'down';
  // Imagery its host cannot give is not promised; the cap still counts it, for the retry.
  const promised = imagery === 'down' ? withoutImagery(plan) : plan;
  const dataBytes = contents.data ? new Blob([JSON.stringify(contents.data)]).size : 0;
  const estimate = promised.tileBytes + dataBytes;
  const refusal = contents.data?.truncated
    ? `This area holds more than ${formatNumber(AREA_ARTWORKS_LIMIT)} artworks or ${formatNumber(AREA_WALLS_LIMIT)} walls, more than one saved area keeps. Choose a smaller radius.`
    : overCap(plan.tileBytes + dataBytes, usedBytes);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!contents.data || refusal || imagery === 'checking') return;
    const controller = new AbortController();
    cancel.current = controller;
    setStage({ step: 'saving', progress: { done: 0, total: 0 } });
    try {
      const saved = await saveArea(
        {
          userId,
          name: name.trim() || target.name,
          latitude: target.centre.latitude,
          longitude: target.centre.longitude,
          radiusKm,
          contents: contents.data,
          plan,
          sources,
          imageryDown: imagery === 'down',
          replaces: target.replaces?.id,
        },
        controller.signal,
        (progress) => setStage({ step: 'saving', progress }),
      );
      setStage({ step: 'saved', saved });
    } catch {
      setStage(
        controller.signal.aborted
          ? { step: 'choose' }
          : {
              step: 'failed',
              message: 'The area could not be stored on this device. Nothing was saved.',
            },
      );
    } finally {
      cancel.current = null;
      await queryClient.invalidateQueries({ queryKey: savedAreaKeys.all });
    }
  }

  const title = target.replaces
    ? `Refresh ${target.replaces.name}`
    : target.route
      ? 'Save this tour for offline'
      : 'Save this area';
  const around = target.replaces
    ? 'around this area'
    : target.route
      ? 'along this tour’s route'
      : 'around the map’s centre';
  return (
    <DialogContent className="max-w-md" aria-describedby={`${id}-about`}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id={`${id}-about`}>
          Keep the walls, artworks, missions and map {around} on this device, to use them without
          signal.
        </DialogDescription>
      </DialogHeader>

      {stage.step === 'saved' ? (
        <SavedAreaResult saved={stage.saved} sources={sources} justSaved onClose={onClose} />
      ) : (
        <form onSubmit={(e) => void save(e)} noValidate className="grid gap-4">
          <fieldset disabled={stage.step === 'saving'} className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-name`}>Name</Label>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={80}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-sm font-semibold">
                {target.route
                  ? 'Radius around the middle of the route'
                  : 'Radius around the centre'}
              </legend>
              {target.route && (
                <p className="text-xs text-smoke">
                  {target.radiusKm} km holds every stop; a smaller radius leaves some out.
                </p>
              )}
              <div className="grid grid-cols-3 gap-2">
                {AREA_RADII_KM.map((r) => (
                  <ChoiceChip
                    key={r}
                    name={`${id}-radius`}
                    value={String(r)}
                    checked={radiusKm === r}
                    onChange={() => setRadiusKm(r)}
                  >
                    {r} km
                  </ChoiceChip>
                ))}
              </div>
            </fieldset>
          </fieldset>

          <AreaSummary
            contents={contents.data}
            failed={contents.isError}
            plan={promised}
            imagery={imagery}
            refreshing={!!target.replaces}
            zooms={
              imageryMaxZoom === null || imagery === 'down'
                ? null
                : [MIN_ZOOM, deepestImageryZoom(radiusKm, imageryMaxZoom)]
            }
            estimate={estimate}
          />
          {refusal && (
            <p
              role="alert"
              className="rounded-xl border border-rose-500/50 bg-rose-950/40 p-3 text-sm"
            >
              {refusal}
            </p>
          )}
          {stage.step === 'failed' && (
            <p
              role="alert"
              className="rounded-xl border border-rose-500/50 bg-rose-950/40 p-3 text-sm"
            >
              {stage.message}
            </p>
          )}

          {stage.step === 'saving' ? (
            <DownloadProgress
              label="Downloading the map…"
              progress={stage.progress}
              onCancel={() => cancel.current?.abort()}
            />
          ) : (
            <Button type="submit" disabled={!contents.data || !!refusal || imagery === 'checking'}>
              {contents.isPending || imagery === 'checking' ? (
                <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
              ) : (
                <CloudDownload aria-hidden />
              )}
              {stage.step === 'failed'
                ? 'Try again'
                : target.replaces
                  ? 'Refresh area'
                  : 'Save area'}
            </Button>
          )}
        </form>
      )}
    </DialogContent>
  );
}
