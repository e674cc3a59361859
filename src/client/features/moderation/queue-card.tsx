import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Place } from '../../../core/schemas/moderation.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { formatCoordinates } from '../../lib/geo-format.ts';
import { Button } from '../../components/ui/button.tsx';
import type { PendingAction } from './action-dialog.tsx';

/** One item of a moderation queue: its picture, what it is, the facts, then the actions. */
export function QueueCard({
  imageUrl,
  title,
  kind,
  badges,
  children,
  actions,
}: {
  imageUrl: string | null;
  title: string;
  kind: string;
  badges?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <article className="grid gap-3 rounded-xl border border-line bg-wall/70 p-3 sm:p-4">
      <div className="flex gap-3">
        {imageUrl && (
          <img
            src={`${imageUrl}/thumbnail`}
            alt=""
            className="size-20 shrink-0 rounded-lg bg-concrete object-cover sm:size-24"
          />
        )}
        <div className="grid min-w-0 flex-1 content-start gap-1.5 text-sm">
          <p className="text-xs font-semibold tracking-wide text-smoke uppercase">{kind}</p>
          <h3 className="text-base font-bold break-words">{title}</h3>
          {badges && <div className="flex flex-wrap gap-1.5">{badges}</div>}
        </div>
      </div>
      {children && <div className="grid gap-2 text-sm">{children}</div>}
      {actions && <div className="flex flex-wrap gap-2 border-t border-line pt-3">{actions}</div>}
    </article>
  );
}

/** A queue item's action button: it opens the reason dialog for `action`. */
export function ActButton({
  action,
  onAct,
  variant = 'default',
  children,
}: {
  action: PendingAction;
  onAct: (a: PendingAction) => void;
  variant?: 'default' | 'secondary' | 'destructive' | 'ghost';
  children?: ReactNode;
}) {
  return (
    <Button size="sm" variant={variant} onClick={() => onAct(action)}>
      {children ?? action.label}
    </Button>
  );
}

/** Suspending the player behind a queue item. */
export const suspendAction = (username: string, userId: string): PendingAction => ({
  label: 'Suspend player',
  what: `${username} will be able to look around but not post, log or upload.`,
  input: { action: 'suspend', targetId: userId },
});

/** Where it is: the address when known, else the coordinates, and a link to the map there. */
export function PlaceLine({ place }: { place: Place }) {
  const href = `/?lat=${place.latitude}&lng=${place.longitude}&zoom=18`;
  return (
    <p className="flex items-start gap-1.5">
      <MapPin className="mt-0.5 size-4 shrink-0 text-neon-cyan" aria-hidden />
      <span className="min-w-0 break-words">
        {place.address ?? formatCoordinates(place)}{' '}
        <Link
          href={href}
          className="font-semibold whitespace-nowrap text-neon-cyan hover:underline"
        >
          Show on map
        </Link>
      </span>
    </p>
  );
}

/**
 * Who posted it and when: "By alice · 3 Jun 2025, 14:02". What came from a source says when it
 * was added here instead ("· added 3 Jun 2025"): its source's own date is in `who`.
 */
export function Byline({
  who,
  at,
  added = false,
}: {
  who: ReactNode;
  at: string;
  added?: boolean;
}) {
  return (
    <p className="text-smoke">
      {who} · {added && 'added '}
      <time dateTime={at}>{added ? formatDate(at) : formatDateTime(at)}</time>
    </p>
  );
}
