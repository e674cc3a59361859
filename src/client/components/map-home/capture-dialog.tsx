import { Camera, LoaderCircle, LocateFixed, MapPin, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatAddress } from '../../../core/geo.ts';
import { rewardFor } from '../../../core/rules.ts';
import { EMOJI_PINS, type EmojiPin } from '../../../core/constants.ts';
import { useCreateDiscovery } from '../../api/discoveries.ts';
import type { GeolocationState } from '../../hooks/use-geolocation.ts';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx';
import { Input, Label, Textarea } from '../ui/input.tsx';
import { Switch } from '../ui/switch.tsx';
import { formatCoordinates } from './format.ts';

type Role = 'photographer' | 'artist';

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

const PIN_ORDER: EmojiPin[] = ['tag', 'location', 'marker', 'flag', 'hot_spot'];

/** A native radio styled as a chip: keyboard, forms and screen readers work as usual. */
function ChoiceChip({
  name,
  value,
  checked,
  onChange,
  children,
  className,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className={cn('relative cursor-pointer', className)}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="peer sr-only"
      />
      <span className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl border border-line bg-wall px-3 py-2 text-sm font-semibold text-smoke transition-colors peer-checked:border-neon-pink peer-checked:bg-neon-pink/15 peer-checked:text-chalk peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neon-cyan hover:text-chalk">
        {children}
      </span>
    </label>
  );
}

type Geolocation = GeolocationState & { requestLocation: () => void };

/** Where the discovery will be pinned, or what the player can do to get a location. */
function LocationLine({ geo }: { geo: Geolocation }) {
  if (geo.source === 'device' && geo.location) {
    return (
      <p className="flex items-center gap-2 text-sm text-smoke">
        <MapPin className="size-4 shrink-0 text-neon-cyan" aria-hidden />
        Pinned at your location: {formatCoordinates(geo.location)}
      </p>
    );
  }
  const blocked = geo.source === 'fallback';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-neon-amber/30 p-3">
      <p className="flex min-w-48 flex-1 items-start gap-2 text-sm text-amber-100">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-neon-amber" aria-hidden />
        {blocked
          ? 'Location access is off, so this can’t be pinned. Allow location for this site in your browser settings, then reload.'
          : 'Your location is needed to pin this.'}
      </p>
      {!blocked && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={geo.requestLocation}
          disabled={geo.status === 'locating'}
        >
          {geo.status === 'locating' ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <LocateFixed aria-hidden />
          )}
          {geo.status === 'locating' ? 'Locating...' : 'Use my location'}
        </Button>
      )}
    </div>
  );
}

/**
 * SPEC §2 document-street-art dialog. A successful add resets the form and closes the dialog
 * (the toast carries the award the server gave). The photo field arrives with the upload change; a
 * discovery can be saved without one (imageUrl is optional on the server). Saving needs the
 * device's location: the Gold Coast fallback is where the map looks, not where the art is.
 */
export function CaptureDialog({
  open,
  onOpenChange,
  geo,
  isPro,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  geo: Geolocation;
  isPro: boolean;
}) {
  const location = geo.source === 'device' ? geo.location : null;
  const [form, setForm] = useState<FormState>(DEFAULTS);
  const create = useCreateDiscovery();
  const id = useId();
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  function changeOpen(next: boolean) {
    if (!next) setForm(DEFAULTS);
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const name = form.name.trim();
    if (!name) {
      toast({
        title: 'Missing Information',
        description: 'Please enter a name for your discovery.',
      });
      return;
    }
    if (!location) {
      toast({
        title: 'Location Required',
        description: 'Location access is required to save discoveries.',
      });
      return;
    }
    const isFreshArt = form.userRole === 'artist' && form.isFreshArt;
    create.mutate(
      {
        name,
        description: form.description.trim(),
        emojiPin: form.emojiPin,
        userRole: form.userRole,
        isFreshArt,
        latitude: location.latitude,
        longitude: location.longitude,
        address: formatAddress(location.latitude, location.longitude),
        metadata: {
          timestamp: new Date().toISOString(),
          coordinates: location,
          submissionType: isFreshArt ? 'fresh_artwork' : 'discovery',
          emojiType: form.emojiPin,
        },
      },
      {
        onSuccess: (created) => {
          const missions = created.completedMissions
            .map((m) => `${m.title} (+${m.rewardTokens})`)
            .join(', ');
          toast({
            title: 'Discovery Added!',
            description:
              `You earned ${created.tokensAwarded} tokens.` +
              (missions ? ` Mission complete: ${missions}.` : ''),
          });
          changeOpen(false);
        },
        onError: () => {
          toast({
            title: 'Error',
            description: 'Failed to save discovery. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        className="max-w-md"
        // Opened from the action bar (no DialogTrigger): return focus to Capture on close.
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement as HTMLElement | null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo.current?.isConnected) returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 font-display text-lg font-normal">
            <Camera className="size-5 text-neon-pink" aria-hidden />
            Document Street Art
          </DialogTitle>
          <DialogDescription>Name it, pin it and earn Spray Coins.</DialogDescription>
        </DialogHeader>

        <form onSubmit={submit} noValidate className="grid gap-4">
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

          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-semibold">Pin type</legend>
            <div className="flex flex-wrap gap-2">
              {PIN_ORDER.map((pin) => (
                <ChoiceChip
                  key={pin}
                  name={`${id}-pin`}
                  value={pin}
                  checked={form.emojiPin === pin}
                  onChange={() => set({ emojiPin: pin })}
                >
                  <span aria-hidden>{EMOJI_PINS[pin].emoji}</span>
                  {EMOJI_PINS[pin].label}
                </ChoiceChip>
              ))}
            </div>
          </fieldset>

          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-semibold">I am the</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['photographer', 'artist'] as const).map((role) => (
                <ChoiceChip
                  key={role}
                  name={`${id}-role`}
                  value={role}
                  checked={form.userRole === role}
                  onChange={() => set({ userRole: role, isFreshArt: false })}
                >
                  {role === 'photographer' ? 'Photographer' : 'Artist'}
                  <span className="text-xs font-bold text-neon-amber">
                    +{rewardFor(role, isPro)}
                  </span>
                </ChoiceChip>
              ))}
            </div>
          </fieldset>

          {form.userRole === 'artist' && (
            <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-wall/60 p-3">
              <Label htmlFor={`${id}-fresh`} className="grid gap-0.5">
                Fresh artwork
                <span className="text-xs font-normal text-smoke">
                  I painted this piece recently
                </span>
              </Label>
              <Switch
                id={`${id}-fresh`}
                checked={form.isFreshArt}
                onCheckedChange={(checked) => set({ isFreshArt: checked })}
              />
            </div>
          )}

          <LocationLine geo={geo} />

          <p className="rounded-xl border border-neon-amber/30 bg-neon-amber/10 p-3 text-sm text-amber-100">
            Only upload photos you took yourself of legal graffiti.
          </p>

          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? (
              <>
                <LoaderCircle className="animate-spin" aria-hidden />
                Adding...
              </>
            ) : (
              'Add Discovery'
            )}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
