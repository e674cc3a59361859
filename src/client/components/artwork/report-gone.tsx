import { Ban, LoaderCircle, LocateFixed } from 'lucide-react';
import { useState } from 'react';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { useLogArtwork } from '../../api/artworks.ts';
import { useGeolocation } from '../../hooks/use-geolocation.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog.tsx';

/**
 * 'Report gone': buffed, removed or painted over. The report carries where the player stands
 * (the server refuses one from afar), so without a device position the dialog asks for it
 * first; the map's fallback location is never sent as the player's.
 */
export function ReportGone({ artwork }: { artwork: Artwork }) {
  const [open, setOpen] = useState(false);
  const geo = useGeolocation();
  const log = useLogArtwork(artwork.id);
  const here = geo.source === 'device' ? geo.location : null;

  const report = () => {
    if (!here) return;
    log.mutate(
      { kind: 'gone', latitude: here.latitude, longitude: here.longitude },
      {
        onSuccess: ({ artwork: now }) => {
          setOpen(false);
          toast({
            title: 'Reported gone',
            description:
              now.status === 'gone'
                ? 'Thanks! It is now marked as gone.'
                : 'Thanks! One more report from another player marks it as gone.',
          });
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          toast({
            title: 'Could not report it',
            description: serverMessage(error) ?? 'Please try again.',
            variant: 'destructive',
          });
        },
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
        {here ? (
          <Button
            variant="destructive"
            onClick={report}
            disabled={log.isPending}
            aria-busy={log.isPending || undefined}
          >
            {log.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Ban aria-hidden />
            )}
            {log.isPending ? 'Reporting…' : 'Report gone'}
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
