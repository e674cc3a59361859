import { CheckCircle2, Clock, Coins, Navigation, Tag, Target, Users } from 'lucide-react';
import { Link } from 'wouter';
import type { Mission } from '../../../core/schemas/catalog.ts';
import { formatDate } from '../../lib/format.ts';
import { PinIcon } from '../pins/index.ts';
import { PIN_STYLES, pinKindOf } from '../pins/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { difficultyVariant, formatMissionType, missionHref } from './search.ts';

/**
 * A target-ring badge holding the mission's pin (SPEC §2 "a target emoji pin"), drawn; a pin
 * name the client does not know shows the plain target.
 */
function TargetPin({ pin }: { pin: string }) {
  const kind = pinKindOf(pin, 'target');
  return (
    <div className="relative grid size-14 shrink-0 place-items-center rounded-full border-4 border-neon-pink bg-wall shadow-[0_0_0_4px_var(--color-brick),0_0_0_7px_var(--color-neon-pink)]">
      <PinIcon kind={kind} height={32} label={`Target pin: ${PIN_STYLES[kind].label}`} />
      <span
        aria-hidden
        className="absolute -right-2 -bottom-2 grid size-6 place-items-center rounded-full border-2 border-brick bg-neon-pink text-wall"
      >
        <Target className="size-4" strokeWidth={2.5} />
      </span>
    </div>
  );
}

export function MissionCard({ mission }: { mission: Mission }) {
  const variant = difficultyVariant(mission.difficulty);
  return (
    <Card
      data-testid="mission-card"
      className={mission.completedByMe ? 'border-neon-lime/60' : undefined}
    >
      <article className="grid h-full gap-3 p-4">
        <div className="flex items-start gap-4">
          <TargetPin pin={mission.targetEmojiPin} />
          <div className="grid min-w-0 flex-1 gap-1.5">
            <h3 className="text-lg leading-tight font-bold break-words">{mission.title}</h3>
            <div className="flex flex-wrap gap-1.5">
              <Badge variant={variant} data-difficulty={mission.difficulty} className="capitalize">
                {mission.difficulty}
              </Badge>
              {mission.completedByMe && (
                <Badge variant="lime" data-testid="completed-marker">
                  <CheckCircle2 className="size-3" aria-hidden />
                  Completed
                </Badge>
              )}
            </div>
          </div>
        </div>
        <p className="text-sm text-chalk/90">{mission.description}</p>
        <ul className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          <li className="flex items-center gap-1.5 font-bold text-neon-amber">
            <Coins className="size-4 shrink-0" aria-hidden />+{mission.rewardTokens} tokens
          </li>
          <li className="flex items-center gap-1.5 text-smoke">
            <Tag className="size-4 shrink-0" aria-hidden />
            <span className="sr-only">Type: </span>
            {formatMissionType(mission.missionType)}
          </li>
          {mission.maxCompletions !== null && (
            <li className="flex items-center gap-1.5 text-smoke">
              <Users className="size-4 shrink-0" aria-hidden />
              <span>
                {mission.currentCompletions}/{mission.maxCompletions} completions
              </span>
            </li>
          )}
          <li className="flex items-center gap-1.5 text-smoke">
            <Clock className="size-4 shrink-0" aria-hidden />
            {mission.expiresAt ? (
              <span>
                Expires <time dateTime={mission.expiresAt}>{formatDate(mission.expiresAt)}</time>
              </span>
            ) : (
              <span>No expiry</span>
            )}
          </li>
        </ul>
        <Button asChild className="mt-auto w-full sm:w-auto sm:justify-self-start">
          <Link href={missionHref(mission)}>
            <Navigation aria-hidden />
            Start Mission
          </Link>
        </Button>
      </article>
    </Card>
  );
}
