import { BadgeCheck, Clock, Fingerprint, Link2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ArtistProfile } from '../../../core/schemas/artists.ts';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceChip } from '../../components/ui/choice-chip.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';
import { Section } from '../../components/ui/section.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { PhotoField, PhotoSubmit, toastPhotoError, usePhotoField } from '../upload/index.ts';
import { useClaimArtist } from './artists-api.ts';

function Status({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Clock;
  title: string;
  children: string;
}) {
  return (
    <div className="flex gap-3 text-sm" role="status">
      <Icon className="mt-0.5 size-5 shrink-0 text-neon-cyan" aria-hidden />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-smoke">{children}</p>
      </div>
    </div>
  );
}

function ClaimForm({ artist, onDone }: { artist: ArtistProfile; onDone: () => void }) {
  const claim = useClaimArtist(artist.id);
  const photo = usePhotoField('discovery');
  const [kind, setKind] = useState<'link' | 'photo'>('link');
  const [link, setLink] = useState('');
  const [note, setNote] = useState('');
  const ids = { link: useId(), note: useId() };
  const busy = claim.isPending || photo.phase !== 'idle';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const input =
        kind === 'link'
          ? { evidenceKind: 'link' as const, evidenceUrl: link.trim(), note }
          : {
              evidenceKind: 'photo' as const,
              imageUrl: (await photo.ensurePhoto()).objectURL,
              note,
            };
      await claim.mutateAsync(input);
      toast({ title: 'Claim sent', description: 'Staff will look at your evidence soon.' });
      onDone();
    } catch (error) {
      if (toastPhotoError(error, 'Your photo could not be uploaded. Try again.')) return;
      toast({
        title: 'Claim not sent',
        description: serverMessage(error) ?? 'Check your connection and try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Claim this profile">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Your evidence</legend>
        <div className="grid grid-cols-2 gap-2">
          <ChoiceChip
            name="evidence"
            value="link"
            checked={kind === 'link'}
            onChange={() => setKind('link')}
          >
            A link
          </ChoiceChip>
          <ChoiceChip
            name="evidence"
            value="photo"
            checked={kind === 'photo'}
            onChange={() => setKind('photo')}
          >
            A photo
          </ChoiceChip>
        </div>
      </fieldset>
      {kind === 'link' ? (
        <div className="grid gap-1.5">
          <Label htmlFor={ids.link}>Link to an account you control</Label>
          <Input
            id={ids.link}
            type="url"
            inputMode="url"
            required
            maxLength={500}
            placeholder="https://instagram.com/you/…"
            value={link}
            onChange={(e) => setLink(e.target.value)}
          />
          <p className="text-xs text-smoke">
            A post or bio there that mentions StreetScope shows the account is yours.
          </p>
        </div>
      ) : (
        <div className="grid gap-1.5">
          <p className="text-sm font-semibold">A photo of you with one of your pieces</p>
          <PhotoField {...photo.fieldProps} disabled={busy} />
          <p className="text-xs text-smoke">Only staff see it.</p>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={ids.note}>Anything staff should know (optional)</Label>
        <Textarea
          id={ids.note}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <PhotoSubmit
        phase={photo.phase}
        busy={busy}
        saving="Sending…"
        disabled={kind === 'link' ? !link.trim() : !photo.hasPhoto}
      >
        Send claim
      </PhotoSubmit>
    </form>
  );
}

/** "Are you this artist?": the claim, or where it stands (docs/decisions/049). */
export function ArtistClaim({ artist }: { artist: ArtistProfile }) {
  const [open, setOpen] = useState(false);
  let body;
  if (artist.isMe) {
    body = (
      <Status icon={BadgeCheck} title="This is your verified profile">
        Confirm or reject the pieces players credit to you, name yourself on your pieces with “Who
        painted this?”, and document new ones as the artist to earn the artist’s reward.
      </Status>
    );
  } else if (artist.verified) {
    body = (
      <Status icon={BadgeCheck} title="Verified">
        The artist’s own account confirms the pieces credited to them.
      </Status>
    );
  } else if (artist.verifiedElsewhere) {
    body = (
      <Status icon={Fingerprint} title="Your account is verified as another artist">
        One account speaks for one artist.
      </Status>
    );
  } else if (artist.myClaim === 'pending') {
    body = (
      <Status icon={Clock} title="Your claim is waiting for review">
        Staff check your evidence and verify or refuse the claim.
      </Status>
    );
  } else if (open) {
    body = <ClaimForm artist={artist} onDone={() => setOpen(false)} />;
  } else {
    body = (
      <div className="grid gap-3 text-sm">
        {artist.myClaim === 'refused' && (
          <p className="text-rose-200">
            Your last claim was refused. You can claim again with new evidence.
          </p>
        )}
        <p className="text-smoke">
          Claim this profile to confirm your pieces, reject wrong credits and earn the artist’s
          reward for new work.
        </p>
        <Button onClick={() => setOpen(true)} className="justify-self-start">
          <Link2 aria-hidden />
          Claim this profile
        </Button>
      </div>
    );
  }
  return (
    <Section
      id="artist-claim"
      title={artist.isMe ? 'Your profile' : `Are you ${artist.name}?`}
      icon={Fingerprint}
    >
      {body}
    </Section>
  );
}
