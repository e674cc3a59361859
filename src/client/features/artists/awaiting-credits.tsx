import { ListChecks } from 'lucide-react';
import { Link } from 'wouter';
import type { ArtistProfile } from '../../../core/schemas/artists.ts';
import { Section } from '../../components/ui/section.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { useSettleFromProfile } from './artists-api.ts';
import { YesNo } from './yes-no.tsx';

/** The verified artist's own list: credits players made that wait for their word. */
export function AwaitingCredits({ artist }: { artist: ArtistProfile }) {
  const settle = useSettleFromProfile(artist.id);
  const act = (creditId: string, decision: 'confirm' | 'reject', title: string) =>
    settle.mutate(
      { creditId, decision },
      {
        onSuccess: () =>
          toast({
            title: decision === 'confirm' ? 'Confirmed as yours' : 'Credit rejected',
            description:
              decision === 'confirm' ? `“${title}” is on your page.` : `“${title}” left your page.`,
          }),
        onError: (error) =>
          toast({
            title: 'Not saved',
            description: serverMessage(error) ?? 'Check your connection and try again.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <Section id="artist-awaiting" title="Credits to check" icon={ListChecks}>
      {artist.awaiting.length === 0 ? (
        <p className="text-sm text-smoke">Nothing waits for you: every credit is settled.</p>
      ) : (
        <ul className="grid gap-2" data-testid="awaiting-credits">
          {artist.awaiting.map((credit) => (
            <li
              key={credit.creditId}
              className="grid gap-2 rounded-xl border border-line bg-wall/60 p-3"
            >
              <Link
                href={`/art/${credit.artworkId}`}
                className="font-semibold hover:text-neon-cyan"
              >
                {credit.title}
              </Link>
              <YesNo
                yes="Mine"
                no="Not mine"
                about={credit.title}
                disabled={settle.isPending}
                onYes={() => act(credit.creditId, 'confirm', credit.title)}
                onNo={() => act(credit.creditId, 'reject', credit.title)}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
