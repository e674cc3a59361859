import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ListOrdered, LoaderCircle, Lock, Search, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import type { TourDetail } from '../../../core/schemas/tours.ts';
import {
  TOUR_CITY_MAX,
  TOUR_DESCRIPTION_MAX,
  TOUR_STOPS_MAX,
  TOUR_STOPS_MIN,
  TOUR_TITLE_MAX,
  routeMetres,
  walkMinutes,
} from '../../../core/tours.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';
import { EmptyState, LoadError, Section } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  handleUnauthorized,
  useRequireAuthRedirect,
} from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatDistance } from '../../lib/geo-format.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { StopPicker, type PickedPlace } from './stop-picker.tsx';
import { formatWalk } from './tour-facts.tsx';
import { toursQuery, tourQuery, useSaveTour } from './tours-api.ts';

const keyOf = (p: { kind: string; id: string }) => `${p.kind}:${p.id}`;

/** Moves the stop at `from` by `by` places. */
function moved<T>(list: T[], from: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(from + by, 0, item!);
  return next;
}

function ChosenStops({
  stops,
  onChange,
}: {
  stops: PickedPlace[];
  onChange: (stops: PickedPlace[]) => void;
}) {
  if (stops.length === 0) {
    return <p className="text-sm text-smoke">No stops yet: add them in walking order.</p>;
  }
  const metres = routeMetres(stops);
  return (
    <div className="grid grid-cols-1 gap-2">
      <p className="text-sm text-smoke" aria-live="polite">
        {stops.length} stops · {formatDistance(metres / 1000)} · {formatWalk(walkMinutes(metres))}{' '}
        walk
      </p>
      <ol aria-label="Tour stops" className="grid grid-cols-1 gap-1.5">
        {stops.map((stop, i) => (
          <li
            key={keyOf(stop)}
            className="flex items-center gap-2 rounded-xl border border-line bg-wall/70 py-1 pr-1 pl-3"
          >
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-neon-pink text-xs font-bold text-white">
              {i + 1}
            </span>
            <span className="line-clamp-2 min-w-0 flex-1 text-sm font-semibold break-words">
              {stop.title}
            </span>
            {[
              {
                label: `Move ${stop.title} earlier`,
                icon: ArrowUp,
                off: i === 0,
                to: moved(stops, i, -1),
              },
              {
                label: `Move ${stop.title} later`,
                icon: ArrowDown,
                off: i === stops.length - 1,
                to: moved(stops, i, 1),
              },
              {
                label: `Remove ${stop.title}`,
                icon: X,
                off: false,
                to: stops.filter((_, j) => j !== i),
              },
            ].map(({ label, icon: Icon, off, to }) => (
              <Button
                key={label}
                type="button"
                variant="ghost"
                size="icon"
                aria-label={label}
                disabled={off}
                onClick={() => onChange(to)}
              >
                <Icon aria-hidden />
              </Button>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}

function TourForm({ initial }: { initial: TourDetail | null }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [city, setCity] = useState(initial?.city ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [stops, setStops] = useState<PickedPlace[]>(
    initial?.stops.map(({ kind, id: stopId, title: t, subtitle, latitude, longitude }) => ({
      kind,
      id: stopId,
      title: t,
      subtitle,
      latitude,
      longitude,
    })) ?? [],
  );
  // A submit the network swallowed and sent again makes one tour; an answered one (refused,
  // then corrected) is a new request with a key of its own.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const save = useSaveTour(initial?.id ?? null, key);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    try {
      const tour = await save.mutateAsync({
        title,
        city,
        description,
        stops: stops.map(({ kind, id: stopId }) => ({ kind, id: stopId })),
      });
      toast({ title: initial ? 'Tour saved' : 'Tour published' });
      navigate(`/tours/${encodeURIComponent(tour.id)}`);
    } catch (error) {
      if (handleUnauthorized(error)) return;
      if (serverMessage(error) !== null) setKey(crypto.randomUUID());
      setRefusal(serverMessage(error) ?? 'The tour could not be saved. Please try again.');
    }
  }

  const last = stops.at(-1) ?? null;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
    >
      <div className="grid grid-cols-1 gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={TOUR_TITLE_MAX}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-city`}>City</Label>
          <Input
            id={`${id}-city`}
            value={city}
            maxLength={TOUR_CITY_MAX}
            required
            onChange={(e) => setCity(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-description`}>What the walk is about (optional)</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            maxLength={TOUR_DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <Section id={`${id}-stops`} title="Stops, in walking order" icon={ListOrdered}>
          <ChosenStops stops={stops} onChange={setStops} />
          <p className="mt-3 text-xs text-smoke">
            {TOUR_STOPS_MIN} to {TOUR_STOPS_MAX} stops, each at most 5 km from the one before.
          </p>
        </Section>
        {refusal && (
          <p
            role="alert"
            className="rounded-xl border border-rose-500/50 bg-rose-950/40 p-3 text-sm"
          >
            {refusal}
          </p>
        )}
        <Button type="submit" disabled={save.isPending} className="justify-self-start">
          {save.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
          {initial ? 'Save tour' : 'Publish tour'}
        </Button>
      </div>
      <Section id={`${id}-add`} title="Add stops" icon={Search}>
        <StopPicker
          around={last}
          chosen={new Set(stops.map(keyOf))}
          onAdd={(place) => setStops((now) => [...now, place])}
        />
      </Section>
    </form>
  );
}

/**
 * "Make a tour" (/tours/new) and its author's edit (/tours/:id/edit): a title, a city, a few
 * words and the stops in walking order, picked from the artworks and walls around
 * (docs/decisions/044-walking-tours.md). Staff and established players only.
 */
export default function TourFormPage() {
  const { id } = useParams<{ id?: string }>();
  const list = useQuery(toursQuery);
  const existing = useQuery({ ...tourQuery(id ?? ''), enabled: id !== undefined });
  useRequireAuthRedirect(list.error, existing.error);
  const loading = list.isPending || (id !== undefined && existing.isPending);
  return (
    <PageShell title={id ? 'Edit tour' : 'Make a tour'}>
      {loading ? (
        <Skeleton className="h-96" />
      ) : list.isError || existing.isError ? (
        <LoadError
          what="the tour"
          onRetry={() => void Promise.all([list.refetch(), existing.refetch()])}
        />
      ) : id ? (
        existing.data?.mine ? (
          <TourForm initial={existing.data} />
        ) : (
          <EmptyState icon={Lock} title="Not your tour">
            Only its author can change a tour.
          </EmptyState>
        )
      ) : list.data?.canCreate ? (
        <TourForm initial={null} />
      ) : (
        <EmptyState icon={Lock} title="Tours are made by established players">
          Tours are made by StreetScope’s staff and by established players: once your account has
          some days and a few documented finds behind it, you can make tours of your own.
        </EmptyState>
      )}
    </PageShell>
  );
}
