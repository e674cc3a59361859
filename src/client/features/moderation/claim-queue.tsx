import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Fingerprint } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { Claim } from '../../../core/schemas/artists.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { EmptyState, LoadError } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { claimsQuery, useDecideClaim } from '../artists/index.ts';
import { Byline, QueueCard } from './queue-card.tsx';
import { ReasonFields, toastNotDone } from './reason-fields.tsx';

type Decision = { claim: Claim; decision: 'verify' | 'refuse' };

/** Asks for the reason the audit log keeps, then verifies or refuses the claim. */
function DecisionDialog({ pending, onClose }: { pending: Decision; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const decide = useDecideClaim();
  const verify = pending.decision === 'verify';
  const label = verify ? 'Verify claim' : 'Refuse claim';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim() || decide.isPending) return;
    decide.mutate(
      { id: pending.claim.id, decision: pending.decision, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: `${label}: done`, description: 'Written to the audit log.' });
          onClose();
        },
        onError: toastNotDone,
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>
            {verify
              ? `${pending.claim.username} becomes ${pending.claim.artist.name}’s verified account: they confirm and reject the pieces credited to the artist.`
              : `${pending.claim.username} is told the claim was refused and may claim again.`}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <ReasonFields
            reason={reason}
            onReason={setReason}
            label={label}
            busy={decide.isPending}
            ready
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ClaimCard({ claim, onDecide }: { claim: Claim; onDecide: (d: Decision) => void }) {
  const photo = claim.evidenceKind === 'photo';
  return (
    <QueueCard
      imageUrl={photo ? claim.evidenceUrl : null}
      title={`${claim.username} says they are ${claim.artist.name}`}
      kind="Artist claim"
      badges={<Badge variant="yellow">{photo ? 'Photo with a piece' : 'Account link'}</Badge>}
      actions={
        <>
          <Button size="sm" onClick={() => onDecide({ claim, decision: 'verify' })}>
            Verify
          </Button>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => onDecide({ claim, decision: 'refuse' })}
          >
            Refuse
          </Button>
        </>
      }
    >
      {photo ? (
        <a
          href={claim.evidenceUrl}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 text-neon-cyan underline-offset-4 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden />
          Open the photo
        </a>
      ) : (
        <a
          href={claim.evidenceUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-start gap-1.5 break-all text-neon-cyan underline-offset-4 hover:underline"
        >
          <ExternalLink className="mt-0.5 size-4 shrink-0" aria-hidden />
          {claim.evidenceUrl}
        </a>
      )}
      {claim.note && <p className="break-words whitespace-pre-line">{claim.note}</p>}
      <Byline who={`Claimed by ${claim.username}`} at={claim.createdAt} />
      <Link
        href={`/artists/${claim.artist.id}`}
        className="text-neon-cyan underline-offset-4 hover:underline"
      >
        {claim.artist.name}’s profile
      </Link>
    </QueueCard>
  );
}

/** Claims on artist profiles (docs/decisions/049): the link or photo, then verify or refuse. */
export function ClaimQueue() {
  const claims = useQuery(claimsQuery);
  const [pending, setPending] = useState<Decision | null>(null);
  if (claims.isPending) return <Skeleton className="h-40" />;
  if (claims.isError) return <LoadError what="the claims" onRetry={() => void claims.refetch()} />;
  return (
    <>
      {claims.data.length === 0 ? (
        <EmptyState icon={Fingerprint} title="No claims waiting">
          <p>Artists claiming their profile show up here.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Artist claims">
          {claims.data.map((claim) => (
            <li key={claim.id}>
              <ClaimCard claim={claim} onDecide={setPending} />
            </li>
          ))}
        </ul>
      )}
      {pending && <DecisionDialog pending={pending} onClose={() => setPending(null)} />}
    </>
  );
}
