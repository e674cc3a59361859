import { CloudOff, CloudUpload } from 'lucide-react';
import { useState } from 'react';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { EditItemDialog } from './edit-item-dialog.tsx';
import { OutboxItemCard } from './outbox-item-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { plural } from '../../lib/format.ts';
import { KIND_LABELS, type OutboxItem } from '../../outbox/kinds.ts';
import { deleteItem } from '../../outbox/store.ts';
import { useOutboxItems } from '../../outbox/use-outbox.ts';

/**
 * The outbox (/outbox, from the header's "waiting to send"): what this device still has to send,
 * oldest first, each to send now, edit after a refusal, or discard (docs/decisions/034).
 */
export default function Outbox() {
  const { user } = useAuth();
  const items = useOutboxItems(user?.id);
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);

  return (
    <PageShell title="Waiting to send">
      {items === null ? (
        <Skeleton className="h-24" />
      ) : items.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-2xl border border-line bg-brick/80 p-8 text-center">
          <CloudUpload className="size-8 text-neon-lime" aria-hidden />
          <p className="font-display text-lg">Everything is sent</p>
          <p className="text-smoke">What you make without signal waits here until it is sent.</p>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="flex items-center gap-2 text-smoke">
            <CloudOff className="size-5 text-neon-cyan" aria-hidden />
            {plural(items.length, 'item', 'items')} on this device. They send by themselves when you
            are online.
          </p>
          <ul className="grid gap-2">
            {items.map((item) => (
              <OutboxItemCard
                key={item.id}
                item={item}
                onEdit={() => setEditing(item)}
                onDiscard={() => setDiscarding(item)}
              />
            ))}
          </ul>
        </div>
      )}
      {editing && (
        <EditItemDialog item={editing} onOpenChange={(open) => !open && setEditing(null)} />
      )}
      <Dialog open={discarding !== null} onOpenChange={(open) => !open && setDiscarding(null)}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Discard this item?</DialogTitle>
            <DialogDescription>
              {discarding &&
                `${KIND_LABELS[discarding.kind]} "${discarding.title}" will be deleted from this device and never sent.`}
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Keep it</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => {
                if (discarding) void deleteItem(discarding.id);
                setDiscarding(null);
              }}
            >
              Discard
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </PageShell>
  );
}
