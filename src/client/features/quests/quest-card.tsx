import { Coins, ExternalLink, LocateFixed, Map as MapIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { Quest } from '../../../core/schemas/quests.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDistance } from '../../lib/geo-format.ts';
import { artworkHref } from '../artwork/index.ts';
import { QUEST_LOOK, questReason } from './quest-texts.ts';

/** Where a quest's target is shown in full: the artwork's page, or the wall on the map. */
export const targetHref = (quest: Quest) =>
  quest.kind === 'visit_wall'
    ? `/?lat=${quest.latitude}&lng=${quest.longitude}&zoom=16`
    : artworkHref(quest.targetId);

/** A stored photo's small rendition; other pictures as they are. */
export const thumbnailOf = (url: string) =>
  url.startsWith('/objects/') ? `${url}/thumbnail` : url;

/** The quest's picture, or its kind's icon while nobody has photographed it. */
export function QuestPicture({ quest, className }: { quest: Quest; className?: string }) {
  const { icon: Icon, tone } = QUEST_LOOK[quest.kind];
  return quest.imageUrl ? (
    <img
      src={thumbnailOf(quest.imageUrl)}
      alt=""
      className={cn('shrink-0 rounded-xl border border-line object-cover', className)}
    />
  ) : (
    <span
      className={cn(
        'grid shrink-0 place-items-center rounded-xl border border-line bg-concrete',
        tone,
        className,
      )}
    >
      <Icon className="size-7" aria-hidden />
    </span>
  );
}

/** One quest in the list: what it asks of which piece or wall, how far, and what it pays. */
export function QuestCard({
  quest,
  distanceKm,
  onAnswer,
}: {
  quest: Quest;
  /** From the player's live position. */
  distanceKm: number;
  onAnswer: () => void;
}) {
  const { question, icon: Icon, tone } = QUEST_LOOK[quest.kind];
  const wall = quest.kind === 'visit_wall';
  return (
    <li
      className="grid gap-3 rounded-2xl border border-line bg-brick/90 p-3 shadow-lg sm:p-4"
      data-testid="quest-card"
      data-kind={quest.kind}
    >
      <div className="flex gap-3">
        <QuestPicture quest={quest} className="size-16" />
        <div className="grid min-w-0 flex-1 content-start gap-0.5">
          <p
            className={cn(
              'flex items-center gap-1.5 text-xs font-bold tracking-wide uppercase',
              tone,
            )}
          >
            <Icon className="size-3.5 shrink-0" aria-hidden />
            {question}
          </p>
          <h2 className="leading-tight font-bold break-words text-chalk">{quest.title}</h2>
          {quest.place && <p className="truncate text-sm text-smoke">{quest.place}</p>}
          <p className="text-xs text-chalk/80">{questReason(quest)}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="cyan" data-testid="quest-distance">
          <LocateFixed className="size-3" aria-hidden />
          {formatDistance(distanceKm)} away
        </Badge>
        <Badge variant="amber">
          <Coins className="size-3" aria-hidden />+{quest.reward} tokens
        </Badge>
        <div className="ml-auto flex gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link
              href={targetHref(quest)}
              aria-label={wall ? `${quest.title} on the map` : `View ${quest.title}`}
            >
              {wall ? <MapIcon aria-hidden /> : <ExternalLink aria-hidden />}
              {wall ? 'Map' : 'View'}
            </Link>
          </Button>
          <Button size="sm" onClick={onAnswer} aria-label={`Answer: ${quest.title}`}>
            Answer
          </Button>
        </div>
      </div>
    </li>
  );
}
