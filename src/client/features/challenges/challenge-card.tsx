import { BrickWall, Check, Coins, Search } from 'lucide-react';
import type { Challenge } from '../../../core/schemas/challenges.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toastFailure } from '../../hooks/toast-failure.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatNumber } from '../../lib/format.ts';
import { useClaimChallenge } from './challenges-api.ts';

const noun = (c: Challenge, n: number) =>
  c.kind === 'find' ? (n === 1 ? 'piece' : 'pieces') : n === 1 ? 'wall' : 'walls';

/** One goal with the player's progress this week and, once reached, its reward to claim. */
export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const claim = useClaimChallenge();
  const Icon = challenge.kind === 'find' ? Search : BrickWall;
  const done = Math.min(challenge.progress, challenge.goal);
  const reached = challenge.progress >= challenge.goal;
  const left = challenge.goal - done;
  return (
    <li className="grid gap-3 rounded-2xl border border-line bg-wall/70 p-4">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-concrete text-neon-cyan">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-bold [overflow-wrap:anywhere]">{challenge.title}</h3>
          <p className="flex items-center gap-1 text-sm text-neon-amber">
            <Coins className="size-4" aria-hidden />+{formatNumber(challenge.rewardTokens)} Spray
            Coins
          </p>
        </div>
      </div>
      <div className="grid gap-1.5">
        <div
          role="progressbar"
          aria-label={`${challenge.title}: progress`}
          aria-valuemin={0}
          aria-valuemax={challenge.goal}
          aria-valuenow={done}
          className="h-2.5 overflow-hidden rounded-full bg-concrete"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-neon-pink to-neon-violet"
            style={{ width: `${(done / challenge.goal) * 100}%` }}
          />
        </div>
        <p className="text-sm text-smoke">
          {formatNumber(done)} of {formatNumber(challenge.goal)}
          {!reached && ` · ${formatNumber(left)} more ${noun(challenge, left)} to go`}
        </p>
      </div>
      {challenge.claimed ? (
        <Badge variant="green" className="justify-self-start">
          <Check className="size-3.5" aria-hidden /> Reward claimed
        </Badge>
      ) : (
        reached && (
          <Button
            className="justify-self-start"
            disabled={claim.isPending}
            onClick={() =>
              claim.mutate(challenge.id, {
                onSuccess: ({ tokens }) =>
                  toast({
                    title: 'Challenge complete',
                    description: `+${formatNumber(tokens)} Spray Coins for ${challenge.title.replace(/ this week$/, '')}.`,
                  }),
                onError: toastFailure('Error', 'Could not claim the reward. Please try again.'),
              })
            }
          >
            <Coins aria-hidden /> Claim reward
          </Button>
        )
      )}
    </li>
  );
}
