import { Clock, MapPin, Navigation, ScrollText } from 'lucide-react';
import type { NearbyLegalWall, WallDetail } from '../../../core/schemas/walls.ts';
import { formatDistance } from '../../lib/geo-format.ts';
import { ReportMenu } from '../moderation/index.ts';
import { FactRow } from '../../components/ui/fact-row.tsx';
import { WallActions } from './wall-actions.tsx';
import { WallTrust } from './wall-trust.tsx';

/**
 * SPEC §2 info window facts of a wall (address, hours, distance) with what players say of it:
 * its permit rules, last confirmation, source and confirmations, and the way to confirm or
 * report it once `detail` (the wall's own read, with the player's standing) has arrived.
 */
export function WallDetails({
  wall,
  detail,
}: {
  wall: NearbyLegalWall;
  detail: WallDetail | undefined;
}) {
  return (
    <>
      {wall.status === 'closed' && (
        <p
          role="status"
          className="rounded-xl border border-rose-500/50 bg-rose-500/10 p-3 text-sm text-rose-100"
        >
          A moderator closed this wall: do not paint here.
        </p>
      )}
      <dl className="grid gap-2 text-sm">
        <FactRow icon={MapPin} label="Address">
          {wall.address}
          <span className="block text-smoke">
            {wall.city}, {wall.country}
          </span>
        </FactRow>
        <FactRow icon={Clock} label="Hours">
          {wall.hours}
        </FactRow>
        {wall.permitRules && (
          <FactRow icon={ScrollText} label="Permit rules">
            {wall.permitRules}
          </FactRow>
        )}
        <FactRow icon={Navigation} label="Distance">
          {formatDistance(wall.distanceKm)} from the map centre
        </FactRow>
        <WallTrust wall={wall} />
      </dl>
      {detail && <WallActions wall={detail} />}
      {/* Abuse in its photo or text is reported like any content; not by whoever proposed it. */}
      {detail?.viewer && !detail.viewer.proposer && (
        <div className="flex justify-end">
          <ReportMenu
            targets={[{ targetType: 'wall', targetId: wall.id }]}
            subject={`wall ${wall.name}`}
          />
        </div>
      )}
    </>
  );
}
