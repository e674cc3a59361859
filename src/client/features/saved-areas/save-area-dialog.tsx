import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudDownload, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AREA_ARTWORKS_LIMIT, AREA_RADII_KM, AREA_WALLS_LIMIT } from '../../../core/constants.ts';
import type { MapSources } from '../../../core/schemas/map.ts';
import { areaContentsQuery, savedAreaKeys, savedAreasQuery } from './saved-areas-api.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { formatMegabytes, formatNumber } from '../../lib/format.ts';
import type { DownloadProgress } from './download.ts';
import { MIN_ZOOM, STREET_MAX_ZOOM, deepestImageryZoom, overCap, planArea } from './plan.ts';
import { saveArea } from './save.ts';
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
import { AreaSummary } from './area-summary.tsx';

/** Where the dialog saves: the map's centre, or a saved area being refreshed. */
export interface AreaTarget {
  centre: Coordinates;
  name: string;
  radiusKm: number;
  replaces?: SavedArea;
}

type Stage =
  | { step: 'choose' }
  | { step: 'saving'; progress: DownloadProgress }
  | { step: 'saved'; area: SavedArea }
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
      {target && (
        <SaveAreaDialog
          target={target}
          userId={userId}
          sources={sources}
          usedBytes={usedBytes}
          onClose={onClose}
        />
      )}
    </Dialog>
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
  const plan = planArea(target.centre, radiusKm, {
    imageryMaxZoom,
    streetMaxZoom: sources.basemap ? STREET_MAX_ZOOM : null,
  });
  const dataBytes = contents.data ? new Blob([JSON.stringify(contents.data)]).size : 0;
  const estimate = plan.tileBytes + dataBytes;
  const refusal = contents.data?.truncated
    ? `This area holds more than ${formatNumber(AREA_ARTWORKS_LIMIT)} artworks or ${formatNumber(AREA_WALLS_LIMIT)} walls, more than one saved area keeps. Choose a smaller radius.`
    : overCap(estimate, usedBytes);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!contents.data || refusal) return;
    const controller = new AbortController();
    cancel.current = controller;
    setStage({
      step: 'saving',
      progress: { done: 0, total: plan.imageryTiles + plan.streetTiles },
    });
    try {
      const area = await saveArea(
        {
          userId,
          name: name.trim() || target.name,
          latitude: target.centre.latitude,
          longitude: target.centre.longitude,
          radiusKm,
          contents: contents.data,
          plan,
          sources,
          replaces: target.replaces?.id,
        },
        controller.signal,
        (progress) => setStage({ step: 'saving', progress }),
      );
      setStage({ step: 'saved', area });
    } catch {
      setStage(
        controller.signal.aborted
          ? { step: 'choose' }
          : {
              step: 'failed',
              message:
                'The download stopped: the connection dropped or a map server refused. Nothing was saved.',
            },
      );
    } finally {
      cancel.current = null;
      await queryClient.invalidateQueries({ queryKey: savedAreaKeys.all });
    }
  }

  const title = target.replaces ? `Refresh ${target.replaces.name}` : 'Save this area';
  return (
    <DialogContent className="max-w-md" aria-describedby={`${id}-about`}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id={`${id}-about`}>
          Keep the walls, artworks, missions and map around{' '}
          {target.replaces ? 'this area' : 'the map’s centre'} on this device, to use them without
          signal.
        </DialogDescription>
      </DialogHeader>

      {stage.step === 'saved' ? (
        <div className="grid gap-4">
          <p role="status" className="rounded-xl border border-neon-cyan/40 bg-wall/60 p-3 text-sm">
            Saved <strong>{stage.area.name}</strong>: {formatNumber(stage.area.tiles)} map tiles and
            ranges, {formatMegabytes(stage.area.bytes)} in all. Find it under Saved areas.
          </p>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </div>
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
              <legend className="mb-1.5 text-sm font-semibold">Radius around the centre</legend>
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
            plan={plan}
            zooms={
              imageryMaxZoom === null
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
            <div className="grid gap-3">
              <div className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <span id={`${id}-progress`}>Downloading the map…</span>
                  <span className="text-smoke tabular-nums">
                    {formatNumber(stage.progress.done)} of {formatNumber(stage.progress.total)}
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-labelledby={`${id}-progress`}
                  aria-valuemin={0}
                  aria-valuemax={stage.progress.total}
                  aria-valuenow={stage.progress.done}
                  className="h-2 overflow-hidden rounded-full bg-wall"
                >
                  <div
                    className="h-full rounded-full bg-gradient-to-r from-pink-600 to-violet-600 transition-[width]"
                    style={{
                      width: `${stage.progress.total ? (100 * stage.progress.done) / stage.progress.total : 0}%`,
                    }}
                  />
                </div>
              </div>
              <Button type="button" variant="secondary" onClick={() => cancel.current?.abort()}>
                Cancel download
              </Button>
            </div>
          ) : (
            <Button type="submit" disabled={!contents.data || !!refusal}>
              {contents.isPending ? (
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
