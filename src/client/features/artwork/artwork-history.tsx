import { Ban, Camera, Crown, History, Paintbrush, Users, type LucideIcon } from 'lucide-react';
import type { Artwork, ArtworkLog, LogKind } from '../../../core/schemas/artworks.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate, initial } from '../../lib/format.ts';
import { formatTimeAgo } from '../../lib/time-ago.ts';
import { EmptyState, Section } from '../../components/ui/section.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { ClampedText } from '../../components/ui/clamped-text.tsx';

const LOG_KINDS: Record<LogKind, { icon: LucideIcon; text: string; tone: string }> = {
  found: { icon: Camera, text: 'found it', tone: 'bg-neon-cyan/15 text-neon-cyan' },
  gone: { icon: Ban, text: 'reported it gone', tone: 'bg-rose-500/15 text-rose-300' },
  painted_over: {
    icon: Paintbrush,
    text: 'reported it painted over',
    tone: 'bg-neon-violet/20 text-violet-200',
  },
};

/** Every player who found the piece, the first finder first; the viewer is marked. */
export function Finders({ artwork, me }: { artwork: Artwork; me: string | null }) {
  return (
    <Section id="finders" title="Found by" icon={Users}>
      {artwork.finders.length === 0 ? (
        <p className="text-sm text-smoke">
          {artwork.firstFinder ? 'No find of it counts yet.' : 'Nobody has logged it yet.'}
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {artwork.finders.map((name) => {
            const first = name === artwork.firstFinder;
            return (
              <li
                key={name}
                className={cn(
                  'flex min-h-11 items-center gap-2 rounded-full border py-1 pr-3 pl-1',
                  first ? 'border-amber-400/60 bg-amber-400/10' : 'border-line bg-wall/60',
                )}
              >
                <span
                  aria-hidden
                  className="grid size-8 place-items-center rounded-full bg-gradient-to-br from-pink-600 to-violet-600 text-sm font-bold text-white"
                >
                  {initial(name)}
                </span>
                <span className="max-w-[12rem] truncate text-sm font-semibold">{name}</span>
                {name === me && <span className="text-sm text-neon-pink">(You)</span>}
                {first && (
                  <span className="flex items-center gap-1 text-xs font-bold text-amber-200">
                    <Crown className="size-3.5" aria-hidden />
                    First
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function LogItem({ log }: { log: ArtworkLog }) {
  const kind = LOG_KINDS[log.kind];
  const Icon = kind.icon;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className={cn('grid size-9 shrink-0 place-items-center rounded-full', kind.tone)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-sm">
          <span className="font-semibold break-all">{log.username ?? 'A former player'}</span>{' '}
          {kind.text}
        </p>
        {log.note && (
          <ClampedText
            text={log.note}
            what="the note"
            lines={3}
            className="my-0.5 border-l-2 border-line pl-2 text-sm text-chalk/90"
          />
        )}
        <p className="text-xs text-smoke">
          <time dateTime={log.createdAt}>{formatDate(log.createdAt)}</time> ·{' '}
          {formatTimeAgo(log.createdAt)}
        </p>
      </div>
      {log.pendingReview && (
        <Badge variant="amber" className="shrink-0">
          Pending review
        </Badge>
      )}
    </li>
  );
}

/**
 * What players said of the piece, newest first: finds with their notes, gone and painted-over
 * reports.
 */
export function LogHistory({ artwork }: { artwork: Artwork }) {
  return (
    <Section id="log-history" title="Log history" icon={History}>
      {artwork.logs.length === 0 ? (
        <EmptyState icon={History} title="No logs yet" />
      ) : (
        <ol className="divide-y divide-line">
          {artwork.logs.map((log) => (
            <LogItem key={log.id} log={log} />
          ))}
        </ol>
      )}
    </Section>
  );
}
