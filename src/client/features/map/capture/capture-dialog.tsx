import { Camera, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { formatAddress } from '../../../../core/geo.ts';
import type { EmojiPin } from '../../../../core/constants.ts';
import type { CreateDiscovery } from '../../../../core/schemas/discoveries.ts';
import { useCreateDiscovery } from '../../discoveries/index.ts';
import { useAuth } from '../../../hooks/use-auth.ts';
import { handleUnauthorized } from '../../../hooks/use-require-auth-redirect.ts';
import { isNetworkFailure } from '../../../outbox/queue.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import {
  PhotoField,
  toastPhotoError,
  usePhotoField,
} from '../../../components/upload/photo-field.tsx';
import { pendingLabel } from '../../../components/upload/pending-label.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import {
  LocationLine,
  PinTypeField,
  RoleField,
  type Geolocation,
  type Role,
} from './capture-fields.tsx';
import {
  FIND_LOGGED,
  MatchOffer,
  conflictReason,
  toastCreated,
  useMatchOffer,
} from './match-offer.tsx';
import { keepCapture, photoFailedOnNetwork } from '../../../outbox/capture.ts';

interface FormState {
  name: string;
  description: string;
  emojiPin: EmojiPin;
  userRole: Role;
  isFreshArt: boolean;
}

/** SPEC §4: after success or on close the form returns to pin Location, photographer, not fresh. */
const DEFAULTS: FormState = {
  name: '',
  description: '',
  emojiPin: 'location',
  userRole: 'photographer',
  isFreshArt: false,
};

/**
 * SPEC §2 document-street-art dialog. The form lives inside the dialog's content, so closing
 * resets the form and the upload; it cannot be closed while the photo is on its way. A
 * successful add closes it (the toast carries the award the server gave).
 */
export function CaptureDialog({
  open,
  onOpenChange,
  geo,
  spot,
  isPro,
  fallbackFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  geo: Geolocation;
  /** A spot the player pinned on the map; without one the art is where the player stands. */
  spot: Coordinates | null;
  isPro: boolean;
  fallbackFocus: RefObject<HTMLElement | null>;
}) {
  const [busy, setBusy] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !busy) && onOpenChange(next)}>
      <DialogContent
        className="max-w-md"
        hideClose={busy}
        // Opened from the action bar (no DialogTrigger): return focus to Capture on close.
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement as HTMLElement | null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // What opened it may be gone (the pin bar, or a layout switched as a phone turned):
          // then focus goes to the page's Capture button.
          const back = returnFocusTo.current?.isConnected
            ? returnFocusTo.current
            : fallbackFocus.current;
          back?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 font-display text-lg font-normal">
            <Camera className="size-5 text-neon-pink" aria-hidden />
            Document Street Art
          </DialogTitle>
          <DialogDescription>Name it, pin it and earn Spray Coins.</DialogDescription>
        </DialogHeader>
        <CaptureForm
          geo={geo}
          spot={spot}
          isPro={isPro}
          onBusyChange={setBusy}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Saving needs a spot: the device's location (the Gold Coast fallback is where the map looks,
 * not where the art is) or, offered when there is none, where the photo says it was taken.
 */
function CaptureForm({
  geo,
  spot,
  isPro,
  onBusyChange,
  onDone,
}: {
  geo: Geolocation;
  spot: Coordinates | null;
  isPro: boolean;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const [form, setForm] = useState<FormState>(DEFAULTS);
  const [usePhotoSpot, setUsePhotoSpot] = useState(false);
  const field = usePhotoField('discovery');
  const create = useCreateDiscovery();
  const { user } = useAuth();
  const matches = useMatchOffer();
  const offer = matches.offerFor(field.photo?.objectURL);
  const [logging, setLogging] = useState<string | null>(null);
  const id = useId();
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const busy = field.phase !== 'idle' || create.isPending || matches.checking;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const deviceLocation = spot ?? (geo.source === 'device' ? geo.location : null);
  const spotFor = (photoLocation: typeof deviceLocation, usePhoto: boolean) =>
    usePhoto && photoLocation ? photoLocation : deviceLocation;

  /** The trimmed name, or '' after telling the player it is missing. */
  const validName = () => {
    const name = form.name.trim();
    if (!name) {
      toast({
        title: 'Missing Information',
        description: 'Please enter a name for your discovery.',
      });
    }
    return name;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const name = validName();
    if (!name) return;
    let photo = field.photo;
    if (!deviceLocation && !field.hasPhoto) return locationRequired();
    if (field.hasPhoto && !photo) {
      try {
        photo = await field.ensurePhoto();
      } catch (error) {
        // No signal: the discovery and its photo wait on the device (docs/decisions/034).
        if (user && photoFailedOnNetwork(error) && error.file) {
          await keepCapture({
            kind: 'discovery',
            userId: user.id,
            body: discoveryBody(name, deviceLocation),
            key: crypto.randomUUID(),
            blob: error.file,
          });
          setForm(DEFAULTS);
          return onDone();
        }
        toastPhotoError(error, 'Failed to upload image. Please try again.');
        return;
      }
      // The photo knows where it was taken and the player has no spot: offer it, don't guess.
      if (!deviceLocation && photo.location) return;
    }
    const location = spotFor(photo?.location ?? null, usePhotoSpot);
    if (!location) return locationRequired();
    // Art someone already pinned here is offered first; the save waits for the answer.
    if (photo && (await matches.offerMatches(photo.objectURL, location))) return;
    save(name, location, photo?.objectURL);
  }

  /** The create's body; without a location the outbox takes the photo's when it is processed. */
  function discoveryBody(
    name: string,
    location: Coordinates | null,
    imageUrl?: string,
    artworkId?: string,
  ) {
    const isFreshArt = form.userRole === 'artist' && form.isFreshArt;
    return {
      name,
      description: form.description.trim(),
      imageUrl,
      emojiPin: form.emojiPin,
      userRole: form.userRole,
      isFreshArt,
      ...(location && {
        latitude: location.latitude,
        longitude: location.longitude,
        address: formatAddress(location.latitude, location.longitude),
      }),
      metadata: {
        timestamp: new Date().toISOString(),
        ...(location && { coordinates: location }),
        submissionType: isFreshArt ? 'fresh_artwork' : 'discovery',
        emojiType: form.emojiPin,
      },
      artworkId,
    };
  }

  /** Saves the discovery: a new piece, or with `artworkId` a find of that artwork. */
  function save(name: string, location: Coordinates, imageUrl?: string, artworkId?: string) {
    setLogging(artworkId ?? 'new');
    const body = discoveryBody(name, location, imageUrl, artworkId);
    const key = crypto.randomUUID();
    create.mutate(
      // The location is given, so the body has its spot.
      { body: body as CreateDiscovery, key },
      {
        onSuccess: (created) => {
          const missions = created.completedMissions
            .map((m) => `${m.title} (+${m.rewardTokens})`)
            .join(', ');
          toastCreated(
            created,
            artworkId ? FIND_LOGGED : 'Discovery Added!',
            missions ? ` Mission complete: ${missions}.` : '',
          );
          setForm(DEFAULTS);
          onDone();
        },
        onError: async (error) => {
          if (handleUnauthorized(error)) return;
          // Sent but unanswered: kept with its key, so the repeat cannot create it twice.
          if (user && isNetworkFailure(error)) {
            await keepCapture({
              kind: 'discovery',
              userId: user.id,
              body,
              key,
              blob: null,
            });
            setForm(DEFAULTS);
            return onDone();
          }
          toast({
            title: 'Error',
            description: conflictReason(error) ?? 'Failed to save discovery. Please try again.',
            variant: 'destructive',
          });
        },
        onSettled: () => setLogging(null),
      },
    );
  }

  /**
   * The player's answer to the offer, for the photo and spot it was made for. The offer stays
   * until the save succeeds (the dialog closes), so a refused Log it leaves the other answer.
   */
  const answer = (artworkId?: string) => {
    if (!offer || busy) return;
    const name = validName();
    if (!name) return;
    save(name, offer.spot, offer.photoUrl, artworkId);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {offer && (
        <MatchOffer
          photoUrl={offer.photoUrl}
          matches={offer.matches}
          saving={logging}
          onLogIt={(match) => answer(match.id)}
          onNewPiece={() => answer()}
        />
      )}
      {/* Kept mounted behind the offer: the photo and the answers stay as they are. */}
      <div className={offer ? 'hidden' : 'contents'}>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={form.name}
            maxLength={120}
            autoComplete="off"
            placeholder="e.g. Neon koala on Hosier Lane"
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>

        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            value={form.description}
            maxLength={2000}
            placeholder="Style, colours, who painted it…"
            onChange={(e) => set({ description: e.target.value })}
          />
        </div>

        <PinTypeField
          name={`${id}-pin`}
          value={form.emojiPin}
          onChange={(emojiPin) => set({ emojiPin })}
        />

        <RoleField
          name={`${id}-role`}
          value={form.userRole}
          isPro={isPro}
          onChange={(userRole) => set({ userRole, isFreshArt: false })}
        />

        {form.userRole === 'artist' && (
          <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-wall/60 p-3">
            <Label htmlFor={`${id}-fresh`} className="grid gap-0.5">
              Fresh artwork
              <span className="text-xs font-normal text-smoke">I painted this piece recently</span>
            </Label>
            <Switch
              id={`${id}-fresh`}
              checked={form.isFreshArt}
              onCheckedChange={(checked) => set({ isFreshArt: checked })}
            />
          </div>
        )}

        <PhotoField {...field.fieldProps} disabled={busy} />

        <LocationLine
          geo={geo}
          spot={spot}
          photoLocation={field.photo?.location ?? null}
          usingPhoto={usePhotoSpot}
          onUsePhoto={setUsePhotoSpot}
        />

        <p className="rounded-xl border border-neon-amber/30 bg-neon-amber/10 p-3 text-sm text-amber-100">
          Only upload photos you took yourself of legal graffiti.
        </p>

        <Button type="submit" size="lg" disabled={busy}>
          {busy ? (
            <>
              <LoaderCircle className="animate-spin" aria-hidden />
              {pendingLabel(field.phase, matches.checking ? 'Checking the map...' : 'Adding...')}
            </>
          ) : (
            'Add Discovery'
          )}
        </Button>
      </div>
    </form>
  );
}

function locationRequired() {
  toast({
    title: 'Location Required',
    description: 'Location access is required to save discoveries.',
  });
}
