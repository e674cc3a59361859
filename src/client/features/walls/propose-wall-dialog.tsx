import { LoaderCircle, LocateFixed, MapPin, SprayCan } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useProposeWall } from './walls-api.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatCoordinates } from '../../lib/geo-format.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { PhotoField, toastPhotoError, usePhotoField } from '../upload/index.ts';
import { toastRefusal } from './refusal.ts';
import { pendingLabel } from '../upload/index.ts';
import {
  EMPTY_WALL_FIELDS,
  ProposeWallFields,
  wallFieldsReady,
  type WallFields,
} from './propose-wall-fields.tsx';

/**
 * "Propose a legal wall" at the spot the player pinned (`spot`; null means closed), or at
 * their own position when they choose it. The wall is stored unverified: it shows hollow on
 * the map until three established players confirm it.
 */
export function ProposeWallDialog({
  spot,
  here,
  onClose,
}: {
  spot: Coordinates | null;
  /** The device's position, when known: "Use my location" moves the spot there. */
  here: Coordinates | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={spot !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      {spot && <ProposeWallForm spot={spot} here={here} onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

function ProposeWallForm({
  spot: pinned,
  here,
  onClose,
  onBusy,
}: {
  spot: Coordinates;
  here: Coordinates | null;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const [spot, setSpot] = useState(pinned);
  const [fields, setFields] = useState<WallFields>(EMPTY_WALL_FIELDS);
  const photo = usePhotoField('wall');
  const propose = useProposeWall();
  const busy = photo.phase !== 'idle' || propose.isPending;
  useEffect(() => onBusy(busy), [busy, onBusy]);
  const ready = wallFieldsReady(fields) && photo.hasPhoto;
  const fieldProps = {
    value: fields,
    onChange: (patch: Partial<WallFields>) => setFields((f) => ({ ...f, ...patch })),
    disabled: busy,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !ready) return;
    let imageUrl: string;
    try {
      imageUrl = (await photo.ensurePhoto()).objectURL;
    } catch (error) {
      toastPhotoError(error, 'Failed to upload the photo. Please try again.');
      return;
    }
    const { sourceUrl, ...rest } = fields;
    const trim = (v: string) => v.trim();
    propose.mutate(
      {
        ...rest,
        name: trim(rest.name),
        description: trim(rest.description),
        permitRules: trim(rest.permitRules),
        hours: trim(rest.hours),
        address: trim(rest.address),
        city: trim(rest.city),
        country: trim(rest.country),
        sourceUrl: trim(sourceUrl) || null,
        imageUrl,
        ...spot,
      },
      {
        onSuccess: () => {
          toast({
            title: 'Wall proposed',
            description:
              'Thanks! It shows as unverified until three established players confirm it.',
          });
          onClose();
        },
        onError: toastRefusal('Could not add the wall'),
      },
    );
  }

  return (
    <DialogContent className="max-w-md md:max-w-3xl" hideClose={busy}>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2 font-display text-lg font-normal">
          <SprayCan className="size-5 text-neon-pink" aria-hidden />
          Propose a legal wall
        </DialogTitle>
        <DialogDescription>
          Only walls where anyone may paint legally. Other players confirm it before it counts as
          verified.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-2 text-sm text-smoke">
        <MapPin className="size-4 shrink-0 text-neon-cyan" aria-hidden />
        <span data-testid="propose-wall-spot">{formatCoordinates(spot, 5)}</span>
        {here && (here.latitude !== spot.latitude || here.longitude !== spot.longitude) && (
          <Button type="button" variant="ghost" size="sm" onClick={() => setSpot(here)}>
            <LocateFixed aria-hidden />
            Use my location
          </Button>
        )}
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
        <ProposeWallFields part="about" {...fieldProps} />
        <div className="grid content-start gap-3">
          <div className="grid gap-1.5">
            <span className="text-sm font-semibold">Photo of the wall</span>
            <PhotoField
              {...photo.fieldProps}
              disabled={busy}
              dropHint="Drop a photo of the wall here or %{browseFiles}"
              browseLabel="browse"
            />
          </div>
          <ProposeWallFields part="where" {...fieldProps} />
        </div>
        <div className="grid gap-3 md:col-span-2 md:grid-cols-2">
          <Button type="submit" size="lg" disabled={busy || !ready}>
            {busy && (
              <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
            )}
            {busy ? pendingLabel(photo.phase, 'Saving…') : 'Propose wall'}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
