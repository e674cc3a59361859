import { Crown, Filter } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { LoggedByMe, MapFilters, SeenWithin, StatusFilter } from './artwork-map-api.ts';
import { cn } from '../../../lib/cn.ts';
import { MY_LOG_COLOURS } from './layer-colours.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Label } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ChoiceChip } from '../../../components/ui/choice-chip.tsx';

const STATUS_OPTIONS: [StatusFilter, string][] = [
  ['all', 'All'],
  ['present', 'Still there'],
  ['gone', 'Gone'],
];
const SEEN_OPTIONS: [SeenWithin | null, string][] = [
  [null, 'Any time'],
  [7, '7 days'],
  [30, '30 days'],
  [365, '365 days'],
];
const LOGGED_OPTIONS: [LoggedByMe, string][] = [
  ['all', 'All'],
  ['mine', 'Logged by me'],
  ['not-mine', 'Not yet by me'],
];

/** What the rings of the my-logs layer mean. */
function MyLogsKey() {
  const items: [string, string][] = [
    [MY_LOG_COLOURS.found, 'Found'],
    [MY_LOG_COLOURS.gone, 'Reported gone'],
    [MY_LOG_COLOURS.pending, 'Pending review'],
  ];
  return (
    <ul aria-label="My logs key" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-smoke">
      {items.map(([colour, label]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span
            aria-hidden
            className="size-3 rounded-full border-[3px]"
            style={{ borderColor: colour }}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}

/** A row of radio chips for one filter. */
function Choices<T>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: [T, string][];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-xs font-bold tracking-wide text-smoke uppercase">
        {legend}
      </legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map(([option, label]) => (
          <ChoiceChip
            key={label}
            name={name}
            value={label}
            checked={option === value}
            onChange={() => onChange(option)}
            compact
          >
            {label}
          </ChoiceChip>
        ))}
      </div>
    </fieldset>
  );
}

/** A labelled switch on one row. */
function SwitchRow({
  label,
  checked,
  onChange,
  disabled,
  children,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-3">
      <Label htmlFor={id} className={cn('flex items-center gap-2', disabled && 'text-smoke')}>
        {children}
        {label}
      </Label>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        className="disabled:cursor-not-allowed disabled:opacity-50"
      />
    </div>
  );
}

/**
 * The map's filters and layers (docs/decisions/021-artworks-and-logs.md): the artworks, legal
 * walls and missions layers and the status filter are everyone's; last seen within, has
 * photo, logged by me, the heat of recent finds and my logs are Pro, shown to others disabled
 * with the way to Pro.
 */
export function MapFiltersPanel({
  filters,
  onChange,
  isPro,
  className,
}: {
  filters: MapFilters;
  onChange: (filters: MapFilters) => void;
  isPro: boolean;
  className?: string;
}) {
  const set = (patch: Partial<MapFilters>) => onChange({ ...filters, ...patch });
  const setLayer = (patch: Partial<MapFilters['layers']>) =>
    set({ layers: { ...filters.layers, ...patch } });
  const proTitle = useId();

  return (
    <section
      aria-labelledby="map-filters-title"
      data-testid="map-filters"
      className={cn(
        'pointer-events-auto min-h-0 overflow-y-auto rounded-2xl border border-line bg-brick/95 shadow-2xl shadow-black/50',
        className,
      )}
    >
      <h2
        id="map-filters-title"
        className="flex min-h-11 items-center gap-2 px-4 text-sm font-bold"
      >
        <Filter className="size-4 text-neon-cyan" aria-hidden />
        Filters and layers
      </h2>
      <div className="grid gap-4 px-4 pb-4">
        <div className="grid rounded-xl border border-line bg-wall/60 px-3">
          <SwitchRow
            label="Artworks"
            checked={filters.layers.artworks}
            onChange={(artworks) => setLayer({ artworks })}
          />
          <SwitchRow
            label="Legal walls"
            checked={filters.layers.walls}
            onChange={(walls) => setLayer({ walls })}
          />
          <SwitchRow
            label="Missions"
            checked={filters.layers.missions}
            onChange={(missions) => setLayer({ missions })}
          />
        </div>

        <Choices
          legend="Status"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(status) => set({ status })}
        />

        <fieldset
          disabled={!isPro}
          aria-labelledby={proTitle}
          className="grid gap-4 rounded-xl border border-neon-amber/30 p-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={proTitle} className="flex items-center gap-2 text-sm font-bold">
              Hunt filters and layers
              <Badge variant="amber">
                <Crown className="size-3" aria-hidden />
                Pro
              </Badge>
            </h3>
            {!isPro && (
              <Link
                href="/subscribe"
                className="text-xs font-bold text-neon-amber underline-offset-4 hover:underline"
              >
                Unlock with Pro
              </Link>
            )}
          </div>
          <Choices
            legend="Last seen within"
            options={SEEN_OPTIONS}
            value={isPro ? filters.seenWithinDays : null}
            onChange={(seenWithinDays) => set({ seenWithinDays })}
          />
          <SwitchRow
            label="Has photo"
            checked={isPro && filters.hasPhoto}
            disabled={!isPro}
            onChange={(hasPhoto) => set({ hasPhoto })}
          />
          <Choices
            legend="Logged by me"
            options={LOGGED_OPTIONS}
            value={isPro ? filters.loggedByMe : 'all'}
            onChange={(loggedByMe) => set({ loggedByMe })}
          />
          <div className="grid rounded-xl border border-line bg-wall/60 px-3">
            <SwitchRow
              label="Heat of recent finds"
              checked={isPro && filters.layers.heat}
              disabled={!isPro}
              onChange={(heat) => setLayer({ heat })}
            />
            <SwitchRow
              label="My logs"
              checked={isPro && filters.layers.myLogs}
              disabled={!isPro}
              onChange={(myLogs) => setLayer({ myLogs })}
            />
          </div>
          {isPro && filters.layers.myLogs && <MyLogsKey />}
        </fieldset>
      </div>
    </section>
  );
}
