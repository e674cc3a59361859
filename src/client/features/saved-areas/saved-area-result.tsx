import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MapSources } from '../../../core/schemas/map.ts';
import { formatNumber } from '../../lib/format.ts';
import { AreaParts, missingParts, retryLabel, sizeText } from './area-parts.tsx';
import type { DownloadProgress as Progress } from './download.ts';
import { DownloadProgress } from './download-progress.tsx';
import { missingBytes, overCap } from './plan.ts';
import { retryArea, type Saved } from './save.ts';
import { savedAreaKeys, savedAreasQuery } from './saved-areas-api.ts';
import { Button } from '../../components/ui/button.tsx';

/**
 * A saved area as it stands: what it keeps, part by part, and for a part its host could not
 * give, a retry that fetches only the missing tiles (docs/decisions/037-saved-areas.md).
 */
export function SavedAreaResult({
  saved,
  sources,
  justSaved,
  onClose,
}: {
  saved: Saved;
  sources: MapSources;
  /** Straight after the save: says where to find the area. */
  justSaved: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [{ area, shortfalls }, setSaved] = useState(saved);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failed, setFailed] = useState(false);
  const cancel = useRef<AbortController | null>(null);
  // Closing the dialog mid-download cancels it.
  useEffect(() => () => cancel.current?.abort(), []);
  const others = useQuery(savedAreasQuery(area.userId));
  const usedBytes = (others.data ?? [])
    .filter((a) => a.id !== area.id)
    .reduce((n, a) => n + a.bytes, 0);
  const missing = missingParts(area).length > 0;
  const refusal = missing ? overCap(area.bytes + missingBytes(area), usedBytes) : null;
  const problem =
    refusal ??
    (failed ? 'The tiles could not be stored on this device. Nothing more was saved.' : null);

  async function retry() {
    const controller = new AbortController();
    cancel.current = controller;
    setFailed(false);
    setProgress({ done: 0, total: 0 });
    try {
      setSaved(await retryArea(area, sources, controller.signal, setProgress));
    } catch {
      setFailed(true);
    } finally {
      cancel.current = null;
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: savedAreaKeys.all });
    }
  }

  return (
    <div className="grid gap-4">
      <p role="status" className="rounded-xl border border-neon-cyan/40 bg-wall/60 p-3 text-sm">
        Saved <strong>{area.name}</strong>:{' '}
        {area.tiles ? `${formatNumber(area.tiles)} map tiles and ranges` : 'no map tiles yet'},{' '}
        {sizeText(area.bytes)} in all.{justSaved && ' Find it under Saved areas.'}
      </p>
      <AreaParts area={area} shortfalls={shortfalls} />
      {problem && (
        <p role="alert" className="rounded-xl border border-rose-500/50 bg-rose-950/40 p-3 text-sm">
          {problem}
        </p>
      )}
      {progress ? (
        <DownloadProgress
          label="Downloading the missing map…"
          progress={progress}
          onCancel={() => cancel.current?.abort()}
        />
      ) : (
        <div className="grid gap-2">
          {missing && (
            <Button
              type="button"
              variant="secondary"
              disabled={!!refusal}
              onClick={() => void retry()}
            >
              <RotateCw aria-hidden />
              {retryLabel(area)}
            </Button>
          )}
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </div>
      )}
    </div>
  );
}
