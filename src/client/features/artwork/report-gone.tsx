import { Ban, LoaderCircle, LocateFixed } from 'lucide-react';
import { useId, useState } from 'react';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { useLogArtwork } from './artworks-api.ts';
import { ChoiceChip } from '../../components/ui/choice-chip.tsx';
import { NewerPiecePicker } from './newer-piece-picker.tsx';
import { useGeolocation } from '../../hooks/use-geolocation.ts';
import { toastFailure } from '../../hooks/toast-failure.ts';
import { toast } from '../../hooks/use-toast.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';

type Reason = 'gone' | 'painted_over';

/**
 * 'Report gone': buffed or removed, or painted over by a newer piece pinned nearby (which the
 * report names, linking the two). The report carries where the player stands (the server
 * refuses one from afar), so without a device position the dialog asks for it first; the
 * map's fallback location is never sent as the player's.
 */
export function ReportGone({ artwork }: { artwork: Artwork }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<Reason>('gone');
  const [newerId, setNewerId] = useState<string | null>(null);
  const geo = useGeolocation();
  const log = useLogArtwork(artwork.id);
  const here = geo.source === 'device' ? geo.location : null;
  const name = useId();
  const paintedOver = reason === 'painted_over';

  const report = () => {
    if (!here || (paintedOver && !newerId)) return;
    log.mutate(
      paintedOver
        ? { kind: 'painted_over', newArtworkId: newerId!, ...here }
        : { kind: 'gone', latitude: here.latitude, longitude: here.longitude },
      {
        onSuccess: (created) => {
          setOpen(false);
          // Kept in the outbox: its own toast said so.
          if (!created) return;
          const now = created.artwork;
          toast({
            title: paintedOver ? 'Reported painted over' : 'Reported gone',
            description:
              now.status === 'gone'
                ? 'Thanks! It is now marked as gone.'
                : 'Thanks! One more report from another player marks it as gone.',
          });
        },
        onError: toastFailure('Could not report it', 'Please try again.'),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full">
          <Ban aria-hidden />
          Report gone
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Is {artwork.title} gone?</DialogTitle>
          <DialogDescription>
            Buffed, removed or painted over? Report it from where it was. When two players report
            it, it shows as gone on the map until someone photographs it again.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold">What happened?</legend>
          <div className="grid grid-cols-2 gap-2">
            <ChoiceChip
              name={name}
              value="gone"
              checked={!paintedOver}
              onChange={() => setReason('gone')}
            >
              Buffed or removed
            </ChoiceChip>
            <ChoiceChip
              name={name}
              value="painted_over"
              checked={paintedOver}
              onChange={() => setReason('painted_over')}
            >
              Painted over
            </ChoiceChip>
          </div>
        </fieldset>
        {paintedOver && (
          <NewerPiecePicker artworkId={artwork.id} value={newerId} onChange={setNewerId} />
        )}
        {here ? (
          <Button
            variant="destructive"
            onClick={report}
            disabled={log.isPending || (paintedOver && !newerId)}
            aria-busy={log.isPending || undefined}
          >
            {log.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Ban aria-hidden />
            )}
            {log.isPending ? 'Reporting…' : paintedOver ? 'Report painted over' : 'Report gone'}
          </Button>
        ) : geo.status === 'ready' ? (
          <p
            role="alert"
            className="rounded-xl border border-rose-500/50 bg-rose-500/10 p-3 text-sm text-rose-100"
          >
            We can’t see where you are. Allow location for this site in your browser’s settings,
            then reload the page and try again.
          </p>
        ) : (
          <Button onClick={geo.requestLocation} disabled={geo.status === 'locating'}>
            {geo.status === 'locating' ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <LocateFixed aria-hidden />
            )}
            {geo.status === 'locating' ? 'Finding you…' : 'Share my location'}
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
