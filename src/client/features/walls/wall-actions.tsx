import { CalendarCheck, Flag, Info } from 'lucide-react';
import { useState } from 'react';
import { VISIT_RADIUS_METRES } from '../../../core/wall-status.ts';
import type { WallDetail } from '../../../core/schemas/walls.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/dialog.tsx';
import { ConfirmWallForm } from './confirm-wall-dialog.tsx';
import { ReportWallForm } from './report-wall-dialog.tsx';

/**
 * "Confirm" and "Report a problem" for a player who logged a visit; for one who has not, why
 * not yet. A closed wall takes neither.
 */
export function WallActions({ wall }: { wall: WallDetail }) {
  const [open, setOpen] = useState<'confirm' | 'report' | null>(null);
  const viewer = wall.viewer;
  if (!viewer || wall.status === 'closed') return null;
  if (!viewer.visited) {
    return (
      <p
        className="flex gap-2 rounded-xl border border-line bg-wall/70 p-3 text-sm text-smoke"
        data-testid="wall-visit-needed"
      >
        <Info className="mt-0.5 size-4 shrink-0 text-neon-cyan" aria-hidden />
        To confirm or report this wall, log a visit first: document a piece within{' '}
        {VISIT_RADIUS_METRES} m of it.
      </p>
    );
  }
  const close = () => setOpen(null);
  return (
    <div className="grid grid-cols-2 gap-2">
      <Dialog open={open === 'confirm'} onOpenChange={(o) => setOpen(o ? 'confirm' : null)}>
        <DialogTrigger asChild>
          <Button size="sm">
            <CalendarCheck aria-hidden />
            Confirm
          </Button>
        </DialogTrigger>
        {open === 'confirm' && <ConfirmWallForm wall={wall} onDone={close} />}
      </Dialog>
      <Dialog open={open === 'report'} onOpenChange={(o) => setOpen(o ? 'report' : null)}>
        <DialogTrigger asChild>
          <Button size="sm" variant="secondary" disabled={viewer.reported}>
            <Flag aria-hidden />
            {viewer.reported ? 'Reported' : 'Report a problem'}
          </Button>
        </DialogTrigger>
        {open === 'report' && <ReportWallForm wall={wall} onDone={close} />}
      </Dialog>
    </div>
  );
}
