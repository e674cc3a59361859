import { useId, useState, type FormEvent } from 'react';
import type { CreateDiscovery } from '../../../../core/schemas/discoveries.ts';
import { PhotoSubmit } from '../../upload/index.ts';
import type { Coordinates, Geolocation } from '../../../hooks/use-geolocation.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { LocationLine, useCreateDiscovery, type CaptureTexts } from '../../discoveries/index.ts';
import { FreshArtField, PinTypeField, RoleField } from './capture-fields.tsx';
import { CaptureForm, DescriptionField, LineField } from './capture-form.tsx';
import { DISCOVERY_DEFAULTS, discoveryBody, type DiscoveryFormState } from './discovery-body.ts';
import { useCaptureSubmit } from './use-capture-submit.ts';

const TEXTS: CaptureTexts = {
  created: 'Discovery Added!',
  photoFailed: 'Failed to upload image. Please try again.',
  saveFailed: { title: 'Error', description: 'Failed to save discovery. Please try again.' },
};

/**
 * SPEC §2 discovery form. Saving needs a spot: the device's location (the Gold Coast fallback
 * is where the map looks, not where the art is) or, offered when there is none, where the
 * photo says it was taken. The photo is optional, but only a photo earns tokens.
 */
export function DiscoveryForm({
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
  const [form, setForm] = useState<DiscoveryFormState>(DISCOVERY_DEFAULTS);
  const [usePhotoSpot, setUsePhotoSpot] = useState(false);
  const create = useCreateDiscovery();
  const capture = useCaptureSubmit({
    kind: 'discovery',
    create,
    texts: TEXTS,
    onBusyChange,
    onDone: () => {
      setForm(DISCOVERY_DEFAULTS);
      onDone();
    },
  });
  const { field, matches, offer, busy } = capture;
  const id = useId();
  const set = (patch: Partial<DiscoveryFormState>) => setForm((f) => ({ ...f, ...patch }));

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
      photo = await capture.uploadPhoto(() => discoveryBody(form, name, deviceLocation));
      if (!photo) return;
      // The photo knows where it was taken and the player has no spot: offer it, don't guess.
      if (!deviceLocation && photo.location) return;
    }
    const location = spotFor(photo?.location ?? null, usePhotoSpot);
    if (!location) return locationRequired();
    // Art someone already pinned here is offered first; the save waits for the answer.
    if (photo && (await matches.offerMatches(photo.objectURL, location))) return;
    save(name, location, photo?.objectURL);
  }

  function save(name: string, location: Coordinates, imageUrl?: string, artworkId?: string) {
    // The location is given, so the body has its spot.
    const body = discoveryBody(form, name, location, imageUrl, artworkId) as CreateDiscovery;
    capture.save(body, artworkId);
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
    <CaptureForm
      capture={capture}
      onSubmit={submit}
      onLogIt={(match) => answer(match.id)}
      onNewPiece={() => answer()}
      className="grid gap-4"
      fields={
        <>
          <LineField
            id={`${id}-name`}
            label="Name"
            value={form.name}
            placeholder="e.g. Neon koala on Hosier Lane"
            onChange={(name) => set({ name })}
          />
          <DescriptionField
            id={`${id}-description`}
            value={form.description}
            placeholder="Style, colours, who painted it…"
            onChange={(description) => set({ description })}
          />
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
            <FreshArtField
              id={`${id}-fresh`}
              checked={form.isFreshArt}
              onChange={(isFreshArt) => set({ isFreshArt })}
            />
          )}
        </>
      }
      afterPhoto={
        <>
          <LocationLine
            geo={geo}
            spot={spot}
            photoLocation={field.photo?.location ?? null}
            usingPhoto={usePhotoSpot}
            onUsePhoto={setUsePhotoSpot}
          />
          {!field.hasPhoto && (
            <p className="rounded-xl border border-line bg-concrete p-3 text-sm text-chalk">
              <strong>No photo, no tokens.</strong> Without a photo this discovery is saved but
              earns nothing until you add one from My Discoveries.
            </p>
          )}
          <p className="rounded-xl border border-neon-amber/30 bg-neon-amber/10 p-3 text-sm text-amber-100">
            Only upload photos you took yourself of legal graffiti.
          </p>
          <PhotoSubmit
            size="lg"
            phase={field.phase}
            busy={busy}
            saving={matches.checking ? 'Checking the map...' : 'Adding...'}
          >
            Add Discovery
          </PhotoSubmit>
        </>
      }
    />
  );
}

function locationRequired() {
  toast({
    title: 'Location Required',
    description: 'Location access is required to save discoveries.',
  });
}
