import { useId } from 'react';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';

/** What a player types about a wall they propose (the spot and the photo are apart). */
export interface WallFields {
  name: string;
  description: string;
  permitRequired: boolean;
  permitRules: string;
  hours: string;
  address: string;
  city: string;
  country: string;
  sourceUrl: string;
}

export const EMPTY_WALL_FIELDS: WallFields = {
  name: '',
  description: '',
  permitRequired: false,
  permitRules: '',
  hours: '',
  address: '',
  city: '',
  country: '',
  sourceUrl: '',
};

/** Every field the server requires is filled (lengths are held by maxLength and the server). */
export const wallFieldsReady = (f: WallFields) =>
  f.name.trim().length >= 3 &&
  f.description.trim().length >= 10 &&
  [f.hours, f.address, f.city, f.country].every((v) => v.trim() !== '');

function TextField({
  label,
  value,
  onChange,
  maxLength,
  disabled,
  placeholder,
  multiline = false,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  disabled: boolean;
  placeholder?: string;
  multiline?: boolean;
  type?: string;
}) {
  const id = useId();
  const props = {
    id,
    value,
    maxLength,
    disabled,
    placeholder,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea {...props} /> : <Input {...props} type={type} autoComplete="off" />}
    </div>
  );
}

/**
 * The proposal's words in two parts (two columns on desktop): what the wall is and its permit
 * rules, then its hours, where it is and a source.
 */
export function ProposeWallFields({
  part,
  value,
  onChange,
  disabled,
}: {
  part: 'about' | 'where';
  value: WallFields;
  onChange: (patch: Partial<WallFields>) => void;
  disabled: boolean;
}) {
  const permitId = useId();
  const field = (key: Exclude<keyof WallFields, 'permitRequired'>) => ({
    value: value[key],
    onChange: (v: string) => onChange({ [key]: v }),
    disabled,
  });
  if (part === 'where') {
    return (
      <div className="grid content-start gap-3">
        <TextField
          label="Hours"
          maxLength={200}
          placeholder="e.g. Daylight hours"
          {...field('hours')}
        />
        <TextField
          label="Address or directions"
          maxLength={300}
          placeholder="e.g. Under the bridge, by the skate park"
          {...field('address')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="City" maxLength={100} {...field('city')} />
          <TextField label="Country" maxLength={100} {...field('country')} />
        </div>
        <TextField
          label="Source link (optional)"
          type="url"
          maxLength={500}
          placeholder="https://… a council page saying it is legal"
          {...field('sourceUrl')}
        />
      </div>
    );
  }
  return (
    <div className="grid content-start gap-3">
      <TextField label="Name" maxLength={120} {...field('name')} />
      <TextField
        label="Description"
        multiline
        maxLength={2000}
        placeholder="Which surface may be painted, who runs it, what to bring…"
        {...field('description')}
      />
      <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-wall/70 px-3 py-2">
        <Label htmlFor={permitId}>A permit is needed</Label>
        <Switch
          id={permitId}
          checked={value.permitRequired}
          disabled={disabled}
          onCheckedChange={(permitRequired) => onChange({ permitRequired })}
        />
      </div>
      <TextField
        label="Permit rules (optional)"
        multiline
        maxLength={1000}
        placeholder="How to get a permit, or the rules posted on site"
        {...field('permitRules')}
      />
    </div>
  );
}
