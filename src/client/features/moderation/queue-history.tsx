import { useState } from 'react';
import type { QueueHistory } from '../../../core/schemas/moderation.ts';
import { formatDate } from '../../lib/format.ts';
import { Badge } from '../../components/ui/badge.tsx';

/** One open report as a card lists it, whatever kind of report it is. */
export interface ShownReport {
  reason: string;
  note: string;
  reporter: string;
  /** Only established players' reports hide content (docs/decisions/026). */
  established: boolean;
  createdAt: string;
}

/** A card shows this many reports before "Show all". */
const REPORTS_SHOWN = 3;

/** The open reports, oldest first, each with its reporter's standing and note. */
export function ReportList({ reports }: { reports: ShownReport[] }) {
  const [all, setAll] = useState(false);
  if (reports.length === 0) return null;
  const fold = !all && reports.length > REPORTS_SHOWN + 1;
  const shown = fold ? reports.slice(0, REPORTS_SHOWN) : reports;
  return (
    <div className="grid gap-1.5">
      <ul className="grid gap-1.5" aria-label="Reports">
        {shown.map((r, i) => (
          <li key={i} className="grid gap-0.5 rounded-lg bg-concrete/60 px-2.5 py-1.5">
            <p className="flex items-start justify-between gap-2">
              <span className="font-semibold">{r.reason}</span>
              {r.established ? (
                <Badge variant="lime">Established</Badge>
              ) : (
                <Badge variant="outline">New account</Badge>
              )}
            </p>
            <p className="break-words text-smoke">
              {r.reporter} · {formatDate(r.createdAt)}
            </p>
            {r.note && <p className="break-words text-smoke italic">“{r.note}”</p>}
          </li>
        ))}
      </ul>
      {fold && (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="justify-self-start text-sm font-semibold text-neon-cyan hover:underline"
        >
          Show all {reports.length} reports
        </button>
      )}
    </div>
  );
}

/** How an earlier decision reads on a card: "Restored by mod_anna". */
const DECISION_NAMES: Record<string, string> = {
  hide: 'Hidden',
  restore: 'Restored',
  keep_hidden: 'Kept hidden',
  verify_wall: 'Verified',
  close_wall: 'Closed',
  release_log: 'Released',
  void_log: 'Voided',
  release_visit: 'Released',
  void_visit: 'Voided',
  refused: 'Refused to their own content',
};

function logsText(logs: NonNullable<QueueHistory['logs']>): string {
  const parts = [`${logs.found} ${logs.found === 1 ? 'find' : 'finds'}`];
  if (logs.gone) parts.push(`${logs.gone} gone`);
  if (logs.paintedOver) parts.push(`${logs.paintedOver} painted over`);
  return parts.join(' · ');
}

/** What happened before: earlier decisions from the audit log, and the artwork's logs. */
export function HistoryBlock({ history }: { history: QueueHistory }) {
  const { decisions, decisionCount, logs } = history;
  if (decisions.length === 0 && !logs) return null;
  return (
    <div className="grid gap-1 border-t border-line pt-2 text-smoke">
      {logs && <p>Artwork logs: {logsText(logs)}</p>}
      {decisions.length === 0 ? (
        <p>No earlier decisions.</p>
      ) : (
        <ol className="grid gap-1" aria-label="Earlier decisions">
          {decisions.map((d, i) => (
            <li key={i} className="break-words">
              <span className="font-semibold text-chalk">
                {DECISION_NAMES[d.action] ?? d.action.replaceAll('_', ' ')}
              </span>{' '}
              by {d.actor}, {formatDate(d.createdAt)}: “{d.reason}”
            </li>
          ))}
        </ol>
      )}
      {decisionCount > decisions.length && <p>{decisionCount} decisions in all.</p>}
    </div>
  );
}
