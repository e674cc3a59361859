import { Flag, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { REPORT_TARGET_NAMES, type ReportTarget } from '../../../../core/content-reports.ts';
import { cn } from '../../../lib/cn.ts';
import { ReportDialog } from './report-dialog.tsx';

export interface ReportTargetRef {
  targetType: ReportTarget;
  targetId: string;
}

/**
 * A quiet "⋯" menu with one "Report …" item per thing it sits on (a post and its author, say).
 * Leave out the signed-in player's own content: the server refuses those reports anyway.
 */
export function ReportMenu({
  targets,
  subject,
  className,
}: {
  targets: ReportTargetRef[];
  /** What the menu button is about, for screen readers ("post by sam"). */
  subject: string;
  className?: string;
}) {
  const [open, setOpen] = useState<ReportTargetRef | null>(null);
  if (targets.length === 0) return null;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`More actions for ${subject}`}
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-xl text-smoke hover:bg-concrete hover:text-chalk data-[state=open]:bg-concrete',
            className,
          )}
        >
          <MoreHorizontal className="size-5" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-xl border border-line bg-brick p-1 text-chalk shadow-xl"
          >
            {targets.map((target) => (
              <DropdownMenu.Item
                key={target.targetType}
                onSelect={() => setOpen(target)}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-concrete"
              >
                <Flag className="size-4 text-smoke" aria-hidden />
                Report {REPORT_TARGET_NAMES[target.targetType]}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {open && (
        <ReportDialog
          targetType={open.targetType}
          targetId={open.targetId}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
