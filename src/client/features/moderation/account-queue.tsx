import { UserSearch } from 'lucide-react';
import type { FlaggedAccount } from '../../../core/schemas/moderation.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { EmptyState } from '../../components/ui/section.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { PendingAction } from './action-dialog.tsx';
import { ActButton, QueueCard, suspendAction } from './queue-card.tsx';

/** "Same network as mo_spam (suspended until 3 Dec 2026)": why the account is flagged. */
function relatedText(account: FlaggedAccount): string {
  if (account.related.length === 0) return 'Same network as an account since deleted.';
  const names = account.related.map(
    (r) =>
      `${r.username} (${r.suspendedUntil ? `suspended until ${formatDate(r.suspendedUntil)}` : 'no longer suspended'})`,
  );
  return `Same network as ${names.join(', ')}.`;
}

/**
 * New accounts made from a host a suspended player signed in from (docs/decisions/026): staff
 * suspend them too or clear the flag. Nothing was refused: a shared network is not proof.
 */
export function AccountQueue({
  accounts,
  onAct,
}: {
  accounts: FlaggedAccount[];
  onAct: (a: PendingAction) => void;
}) {
  if (accounts.length === 0) {
    return (
      <EmptyState icon={UserSearch} title="No new accounts to check">
        <p>Accounts made from the network of a suspended player show here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="New accounts to check">
      {accounts.map((a) => (
        <li key={a.userId}>
          <QueueCard
            imageUrl={null}
            title={a.username}
            kind="New account"
            badges={<Badge variant="amber">Signed up while a player here is suspended</Badge>}
            actions={
              <>
                <ActButton
                  variant="secondary"
                  onAct={onAct}
                  action={{
                    label: 'Clear flag',
                    what: `${a.username} stays as they are; the account leaves this queue.`,
                    input: { action: 'clear_account_flag', targetId: a.userId },
                  }}
                />
                <ActButton
                  variant="destructive"
                  onAct={onAct}
                  action={suspendAction(a.username, a.userId)}
                >
                  Suspend {a.username}
                </ActButton>
              </>
            }
          >
            <p>
              Account made <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
            </p>
            <p className="break-words text-smoke">{relatedText(a)}</p>
          </QueueCard>
        </li>
      ))}
    </ul>
  );
}
