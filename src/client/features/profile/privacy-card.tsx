import { useQuery } from '@tanstack/react-query';
import { EyeOff, LocateFixed } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { HOME_RADIUS_M } from '../../../core/challenges.ts';
import type { HomeArea } from '../../../core/schemas/challenges.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Slider } from '../../components/ui/slider.tsx';
import { useGeolocation } from '../../hooks/use-geolocation.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatNumber } from '../../lib/format.ts';
import { privacyQuery, useSetHome } from './api/privacy.ts';
import { FormFailure, failed } from './form-parts.tsx';

const DEFAULT_RADIUS_M = 500;
const distance = (m: number) => (m >= 1000 ? `${m / 1000} km` : `${formatNumber(m)} m`);
const coordinate = (n: number) => n.toFixed(4).replace('-', '−');

/** A point typed in: null until both numbers are in range. */
function pointOf(latitude: string, longitude: string) {
  const lat = Number(latitude.trim());
  const lng = Number(longitude.trim());
  const ok =
    latitude.trim() !== '' &&
    longitude.trim() !== '' &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180;
  return ok ? { latitude: lat, longitude: lng } : null;
}

function CoordinateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `home-${label.toLowerCase()}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function HomeForm({ initial, onDone }: { initial: HomeArea | null; onDone: () => void }) {
  const setHome = useSetHome();
  const geo = useGeolocation();
  const [latitude, setLatitude] = useState(initial ? String(initial.latitude) : '');
  const [longitude, setLongitude] = useState(initial ? String(initial.longitude) : '');
  const [radiusM, setRadiusM] = useState(initial?.radiusM ?? DEFAULT_RADIUS_M);
  const [asked, setAsked] = useState(false);
  const point = pointOf(latitude, longitude);

  // The position the player asked for fills the fields once the browser gives it (state
  // adjusted while rendering, as React advises for state that follows another).
  if (asked && geo.status === 'ready' && geo.source === 'device' && geo.location) {
    setAsked(false);
    setLatitude(geo.location.latitude.toFixed(5));
    setLongitude(geo.location.longitude.toFixed(5));
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!point) return;
    setHome.mutate(
      { ...point, radiusM },
      {
        onSuccess: () => {
          toast({ title: 'Hidden home saved', description: `Within ${distance(radiusM)}.` });
          onDone();
        },
        onError: failed('save your hidden home'),
      },
    );
  };

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Hidden home">
      <Button
        type="button"
        variant="secondary"
        className="justify-self-start"
        disabled={geo.status === 'locating'}
        onClick={() => {
          setAsked(true);
          geo.requestLocation();
        }}
      >
        <LocateFixed aria-hidden /> Use my current location
      </Button>
      {asked && geo.source === 'fallback' && (
        <FormFailure message="Your location is not available here: type the coordinates instead." />
      )}
      <div className="grid grid-cols-2 gap-3">
        <CoordinateField label="Latitude" value={latitude} onChange={setLatitude} />
        <CoordinateField label="Longitude" value={longitude} onChange={setLongitude} />
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-semibold" id="home-radius-label">
          Radius: {distance(radiusM)}
        </p>
        <Slider
          aria-label="Radius"
          min={HOME_RADIUS_M.min}
          max={HOME_RADIUS_M.max}
          step={HOME_RADIUS_M.step}
          value={[radiusM]}
          onValueChange={([v]) => setRadiusM(v ?? DEFAULT_RADIUS_M)}
        />
      </div>
      {(latitude !== '' || longitude !== '') && !point && (
        <FormFailure message="Latitude runs from −90 to 90 and longitude from −180 to 180." />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!point || setHome.isPending}>
          Save hidden home
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Privacy (docs/decisions/045-challenges-and-privacy.md): a hidden home, inside which nothing
 * the player logs is shown to anyone else.
 */
export function PrivacyCard() {
  const { data, isPending, isError, refetch } = useQuery(privacyQuery);
  const setHome = useSetHome();
  const [editing, setEditing] = useState(false);
  const home = data?.home ?? null;

  return (
    <Section id="privacy" title="Privacy" icon={EyeOff}>
      {isPending ? (
        <Skeleton className="h-24" aria-label="Loading your privacy settings" />
      ) : isError ? (
        <LoadError what="your privacy settings" onRetry={() => void refetch()} />
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-smoke">
            Choose a place such as your home: everything you log near it (finds, photos, reports and
            wall confirmations) is hidden from other players, everywhere in the app. You still see
            it. Elsewhere, your finds of the last 24 hours show others the day, never the time.
          </p>
          {editing ? (
            <HomeForm initial={home} onDone={() => setEditing(false)} />
          ) : home ? (
            <>
              <p
                className="rounded-xl border border-line bg-wall/70 p-3 text-sm"
                data-testid="hidden-home"
              >
                Hidden within <strong>{distance(home.radiusM)}</strong> of{' '}
                {coordinate(home.latitude)}, {coordinate(home.longitude)}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Move it
                </Button>
                <Button
                  variant="ghost"
                  disabled={setHome.isPending}
                  onClick={() =>
                    setHome.mutate(null, {
                      onSuccess: () => toast({ title: 'Hidden home removed' }),
                      onError: failed('remove your hidden home'),
                    })
                  }
                >
                  Remove
                </Button>
              </div>
            </>
          ) : (
            <Button className="justify-self-start" onClick={() => setEditing(true)}>
              Set a hidden home
            </Button>
          )}
        </div>
      )}
    </Section>
  );
}
