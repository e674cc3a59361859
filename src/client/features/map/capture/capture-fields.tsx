import { EMOJI_PINS, type EmojiPin } from '../../../../core/constants.ts';
import { rewardFor } from '../../../../core/rules.ts';
import { PinIcon } from '../../pins/index.ts';
import { ChoiceChip } from '../../../components/ui/choice-chip.tsx';
import { Label } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';

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
      {value === 'artist' && (
        // The artist's amount is paid on a verified claim only (docs/decisions/049).
        <p className="text-xs text-smoke" data-testid="artist-reward-rule">
          +{rewardFor('artist', isPro)} is for a verified artist’s own new piece; without a verified
          claim on your artist profile, it earns a photographer’s +
          {rewardFor('photographer', isPro)}.
        </p>
      )}
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
