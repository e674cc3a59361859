import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, History, Paintbrush, Plus } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'wouter';
import type { Credit } from '../../../core/schemas/artists.ts';
import { artistsQuery } from '../../api/catalog.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { Section } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { filterArtists } from '../../lib/search.ts';
import { formatTimeAgo } from '../../lib/time-ago.ts';
import { ReportMenu } from '../moderation/index.ts';
import { creditsQuery, useCreditAction } from './artists-api.ts';
import { ArtistVideo } from './artist-video.tsx';
import { YesNo } from './yes-no.tsx';

const STATUS: Record<Credit['status'], { label: string; tone: string }> = {
  proposed: { label: 'Proposed', tone: 'bg-neon-amber/15 text-neon-amber' },
  confirmed: { label: 'Confirmed', tone: 'bg-neon-lime/15 text-neon-lime' },
  disputed: { label: 'Disputed', tone: 'bg-rose-500/15 text-rose-200' },
  rejected: { label: 'Rejected by the artist', tone: 'bg-wall text-smoke' },
};

const EVENT: Record<Credit['history'][number]['kind'], string> = {
  proposed: 'proposed it',
  confirm: 'confirmed it',
  dispute: 'disputed it',
  artist_confirmed: 'confirmed it as the artist',
  artist_rejected: 'rejected it as the artist',
};

function CreditRow({ credit, artworkId }: { credit: Credit; artworkId: string }) {
  const action = useCreditAction(artworkId);
  const run = (input: Parameters<typeof action.mutate>[0]) =>
    action.mutate(input, {
      onError: (error) =>
        toast({
          title: 'Not saved',
          description: serverMessage(error) ?? 'Check your connection and try again.',
          variant: 'destructive',
        }),
    });
  const status = STATUS[credit.status];
  const canVote =
    !credit.canSettle && !credit.proposedByMe && !credit.myVote && !credit.settledByArtist;
  return (
    <li className="grid gap-2 rounded-xl border border-line bg-wall/60 p-3" data-testid="credit">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          href={`/artists/${credit.artist.id}`}
          className="font-semibold text-neon-cyan underline-offset-4 hover:underline"
        >
          {credit.artist.name}
        </Link>
        {credit.artist.verified && (
          <BadgeCheck className="size-4 text-neon-lime" aria-label="Verified artist" />
        )}
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', status.tone)}>
          {credit.settledByArtist && credit.status === 'confirmed'
            ? 'Confirmed by the artist'
            : status.label}
        </span>
        <span className="text-xs text-smoke">
          {credit.confirmations} confirmed · {credit.disputes} disputed
        </span>
        {!credit.proposedByMe && (
          <ReportMenu
            targets={[{ targetType: 'artist_credit', targetId: credit.id }]}
            subject={`credit of ${credit.artist.name}`}
            className="-my-2 ml-auto"
          />
        )}
      </div>
      {credit.canSettle && (
        <YesNo
          yes="Mine"
          no="Not mine"
          disabled={action.isPending}
          onYes={() => run({ kind: 'settle', creditId: credit.id, decision: 'confirm' })}
          onNo={() => run({ kind: 'settle', creditId: credit.id, decision: 'reject' })}
        />
      )}
      {canVote && (
        <YesNo
          yes="That’s them"
          no="It isn’t"
          disabled={action.isPending}
          onYes={() => run({ kind: 'vote', creditId: credit.id, vote: 'confirm' })}
          onNo={() => run({ kind: 'vote', creditId: credit.id, vote: 'dispute' })}
        />
      )}
      {credit.myVote && (
        <p className="text-xs text-smoke">
          You {credit.myVote === 'confirm' ? 'confirmed' : 'disputed'} this credit.
        </p>
      )}
      <details className="text-xs text-smoke">
        <summary className="flex min-h-11 cursor-pointer items-center gap-1.5">
          <History className="size-3.5" aria-hidden />
          History
        </summary>
        <ol className="grid gap-1 pb-1 pl-5" data-testid="credit-history">
          {credit.history.map((event, i) => (
            <li key={i}>
              <span className="text-chalk">{event.username ?? 'A deleted account'}</span>{' '}
              {EVENT[event.kind]} · {formatTimeAgo(event.at)}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

function ProposeArtist({
  artworkId,
  suggestedId,
}: {
  artworkId: string;
  suggestedId: string | null;
}) {
  const artists = useQuery(artistsQuery);
  const action = useCreditAction(artworkId);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const inputId = useId();
  const all = artists.data ?? [];
  const suggested = all.find((a) => a.id === suggestedId);
  const matches = deferred.trim() ? filterArtists(all, deferred).slice(0, 6) : [];
  const propose = (artistId: string, name: string) =>
    action.mutate(
      { kind: 'propose', artistId },
      {
        onSuccess: () => {
          setQuery('');
          toast({
            title: 'Artist proposed',
            description: `Another player can now confirm ${name}.`,
          });
        },
        onError: (error) =>
          toast({
            title: 'Not proposed',
            description: serverMessage(error) ?? 'Check your connection and try again.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="grid gap-2 border-t border-line pt-3">
      {suggested && (
        <Button
          variant="secondary"
          className="justify-self-start"
          disabled={action.isPending}
          onClick={() => propose(suggested.id, suggested.name)}
        >
          <Plus aria-hidden />
          It’s {suggested.name}
        </Button>
      )}
      <Label htmlFor={inputId}>Name the artist</Label>
      <Input
        id={inputId}
        type="search"
        autoComplete="off"
        placeholder="Search artists by name, aka or city"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {deferred.trim() !== '' && (
        <ul className="grid gap-1" aria-label="Matching artists">
          {matches.length === 0 && (
            <li className="text-sm text-smoke">No artist matches “{deferred.trim()}”.</li>
          )}
          {matches.map((a) => (
            <li key={a.id}>
              <Button
                variant="ghost"
                className="w-full justify-start"
                disabled={action.isPending}
                onClick={() => propose(a.id, a.name)}
              >
                <Plus aria-hidden />
                {a.name}
                <span className="truncate font-normal text-smoke">· {a.city}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * "Who painted this?" on an artwork's page (docs/decisions/049): the piece's credits with their
 * history, what the viewer may say of each, and a way to name its artist.
 */
export function ArtworkCredits({ artworkId }: { artworkId: string }) {
  const credits = useQuery(creditsQuery(artworkId));
  return (
    <Section id="artwork-credits" title="Who painted this?" icon={Paintbrush}>
      {credits.isPending ? (
        <Skeleton className="h-20" />
      ) : credits.isError ? (
        <p className="text-sm text-smoke">The credits could not be loaded.</p>
      ) : (
        <div className="grid gap-3">
          {credits.data.video && (
            <ArtistVideo video={credits.data.video} name={credits.data.video.artistName} />
          )}
          {credits.data.suggestion && (
            <p className="text-sm text-smoke">
              Its first finder wrote “{credits.data.suggestion}”: a suggestion until a player names
              the artist.
            </p>
          )}
          {credits.data.credits.length > 0 ? (
            <ul className="grid gap-2">
              {credits.data.credits.map((c) => (
                <CreditRow key={c.id} credit={c} artworkId={artworkId} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-smoke">Nobody has named its artist yet.</p>
          )}
          <ProposeArtist artworkId={artworkId} suggestedId={credits.data.suggestedArtistId} />
        </div>
      )}
    </Section>
  );
}
