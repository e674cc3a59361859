import { CalendarCheck, Database, UserRound, Users } from 'lucide-react';
import { CONFIRMATIONS_TO_VERIFY } from '../../../core/wall-status.ts';
import type { LegalWall, WallSource } from '../../../core/schemas/walls.ts';
import { formatDate } from '../../lib/format.ts';
import { FactRow } from '../../components/ui/fact-row.tsx';

/** Dates of confirmations are days: shown as the day the player named, wherever one is. */
const paintedDay = (iso: string) => formatDate(`${iso.slice(0, 10)}T12:00:00`);

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-neon-cyan hover:underline"
    >
      {children}
    </a>
  );
}

/** "from <source>" or "proposed by <player>", with its links and licence. */
function SourceLine({ source }: { source: WallSource }) {
  if (source.kind === 'player') {
    return (
      <>
        Proposed by <span className="font-semibold">{source.label}</span>
        {source.url && (
          <span className="block">
            Source: <ExternalLink href={source.url}>{new URL(source.url).hostname}</ExternalLink>
          </span>
        )}
      </>
    );
  }
  const links = source.kind === 'curated' ? source.links : [];
  return (
    <>
      From{' '}
      {links.length > 0 ? (
        links.map((link, i) => (
          <span key={link.url}>
            {i > 0 && ', '}
            <ExternalLink href={link.url}>{link.label}</ExternalLink>
          </span>
        ))
      ) : source.url ? (
        <ExternalLink href={source.url}>{source.label}</ExternalLink>
      ) : (
        <span className="font-semibold">{source.label}</span>
      )}
      {source.licence && <span className="text-smoke"> · {source.licence}</span>}
      {source.notInSourceSince && (
        <span className="block text-smoke">
          No longer listed by the source since {formatDate(source.notInSourceSince)}.
        </span>
      )}
    </>
  );
}

/** The vintage of a listed wall nobody has confirmed since, or its last confirmation. */
export function confirmedLine(wall: LegalWall): string {
  if (wall.lastConfirmedAt) return `Painted here legally on ${paintedDay(wall.lastConfirmedAt)}`;
  if (wall.listedYear) {
    const by = wall.source.listedBy ? ` by ${wall.source.listedBy}` : '';
    return `Listed${by}, ${wall.listedYear} — not confirmed since`;
  }
  return 'Not confirmed yet';
}

/**
 * Why a player can trust a wall (or not yet): its last confirmation, its source and how many
 * players confirmed it. Rows of the panel's fact list.
 */
export function WallTrust({ wall }: { wall: LegalWall }) {
  const { players, counting } = wall.confirmations;
  const SourceIcon = wall.source.kind === 'player' ? UserRound : Database;
  return (
    <>
      <FactRow icon={CalendarCheck} label="Last confirmed">
        <span data-testid="wall-last-confirmed">{confirmedLine(wall)}</span>
      </FactRow>
      <FactRow icon={SourceIcon} label="Source" className="min-w-0">
        <span className="block" data-testid="wall-source">
          <SourceLine source={wall.source} />
        </span>
      </FactRow>
      <FactRow icon={Users} label="Confirmations">
        <span data-testid="wall-confirmations">
          {players === 0
            ? 'No player has confirmed it yet'
            : `Confirmed by ${players} ${players === 1 ? 'player' : 'players'}`}
          {wall.status === 'unverified' && (
            <span className="block text-smoke">
              {Math.min(counting, CONFIRMATIONS_TO_VERIFY)} of {CONFIRMATIONS_TO_VERIFY}{' '}
              confirmations from established players needed to verify it
            </span>
          )}
        </span>
      </FactRow>
    </>
  );
}
