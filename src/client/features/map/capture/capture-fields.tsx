import { Camera, LoaderCircle, LocateFixed, MapPin, TriangleAlert } from 'lucide-react';
import { EMOJI_PINS, type EmojiPin } from '../../../../core/constants.ts';
import { rewardFor } from '../../../../core/rules.ts';
import type { PhotoLocation } from '../../../../core/schemas/objects.ts';
import type { Coordinates, GeolocationState } from '../../../hooks/use-geolocation.ts';
import { PinIcon } from '../../pins/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceChip } from '../../../components/ui/choice-chip.tsx';
import { Label } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { formatCoordinates } from '../../../lib/geo-format.ts';

const PIN_ORDER: EmojiPin[] = ['tag', 'location', 'marker', 'flag', 'hot_spot'];

/** SPEC §2 pin types, each drawn as its pin. */
export function PinTypeField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: EmojiPin;
  onChange: (pin: EmojiPin) => void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold">Pin type</legend>
      <div className="flex flex-wrap gap-2">
        {PIN_ORDER.map((pin) => (
          <ChoiceChip
            key={pin}
            name={name}
            value={pin}
            checked={value === pin}
            onChange={() => onChange(pin)}
          >
            <PinIcon kind={pin} height={24} className="shrink-0" />
            {EMOJI_PINS[pin].label}
          </ChoiceChip>
        ))}
      </div>
    </fieldset>
  );
}

export type Role = 'photographer' | 'artist';

/** SPEC §2 'I am the' photographer or artist, with what each earns for a new piece. */
export function RoleField({
  name,
  value,
  isPro,
  onChange,
}: {
  name: string;
  value: Role;
  isPro: boolean;
  onChange: (role: Role) => void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold">I am the</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['photographer', 'artist'] as const).map((role) => (
          <ChoiceChip
            key={role}
            name={name}
            value={role}
            checked={value === role}
            onChange={() => onChange(role)}
          >
            {role === 'photographer' ? 'Photographer' : 'Artist'}
            <span className="text-xs font-bold text-neon-amber">+{rewardFor(role, isPro)}</span>
          </ChoiceChip>
        ))}
      </div>
    </fieldset>
  );
}

/** SPEC §2 fresh-art toggle, shown only when the player is the artist. */
export function FreshArtField({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-wall/60 p-3">
      <Label htmlFor={id} className="grid gap-0.5">
        Fresh artwork
        <span className="text-xs font-normal text-smoke">I painted this piece recently</span>
      </Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

export type Geolocation = GeolocationState & { requestLocation: () => void };

/**
 * Where the discovery will be pinned, or what the player can do to get a location. Without a
 * device location, a photo that carries its GPS position offers that spot instead.
 */
export function LocationLine({
  geo,
  spot,
  photoLocation,
  usingPhoto,
  onUsePhoto,
}: {
  geo: Geolocation;
  spot: Coordinates | null;
  photoLocation: PhotoLocation | null;
  usingPhoto: boolean;
  onUsePhoto: (use: boolean) => void;
}) {
  if (usingPhoto && photoLocation) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-smoke">
        <p className="flex items-center gap-2">
          <Camera className="size-4 shrink-0 text-neon-cyan" aria-hidden />
          Pinned where the photo was taken: {formatCoordinates(photoLocation)}
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={() => onUsePhoto(false)}>
          Undo
        </Button>
      </div>
    );
  }
  if (spot) {
    return (
      <p className="flex items-center gap-2 text-sm text-smoke">
        <MapPin className="size-4 shrink-0 text-neon-cyan" aria-hidden />
        Pinned at the spot you chose: {formatCoordinates(spot)}
      </p>
    );
  }
  if (geo.source === 'device' && geo.location) {
    return (
      <p className="flex items-center gap-2 text-sm text-smoke">
        <MapPin className="size-4 shrink-0 text-neon-cyan" aria-hidden />
        Pinned at your location: {formatCoordinates(geo.location)}
      </p>
    );
  }
  if (photoLocation) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-neon-cyan/40 bg-neon-cyan/10 p-3"
      >
        <p className="flex min-w-48 flex-1 items-start gap-2 text-sm text-chalk">
          <Camera className="mt-0.5 size-4 shrink-0 text-neon-cyan" aria-hidden />
          Your photo says it was taken at {formatCoordinates(photoLocation)}.
        </p>
        <Button type="button" size="sm" onClick={() => onUsePhoto(true)}>
          <MapPin aria-hidden />
          Pin it there
        </Button>
      </div>
    );
  }
  const blocked = geo.source === 'fallback';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-neon-amber/30 p-3">
      <p className="flex min-w-48 flex-1 items-start gap-2 text-sm text-amber-100">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-neon-amber" aria-hidden />
        {blocked
          ? 'Location access is off. Allow location for this site in your browser settings, then reload, or add a photo that carries its location.'
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
