import { Ban, CloudUpload, ImageOff, LoaderCircle, Pencil, RotateCw, Trash2 } from 'lucide-react';
import { useCallback } from 'react';
import { KIND_LABELS, renewed, type OutboxItem } from '../../outbox/kinds.ts';
import { flushOutbox } from '../../outbox/sender.ts';
import { putItem } from '../../outbox/store.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';

const STATES = {
  waiting: { label: 'Waiting', variant: 'cyan', Icon: CloudUpload },
  sending: { label: 'Sending', variant: 'amber', Icon: LoaderCircle },
  refused: { label: 'Refused', variant: 'red', Icon: Ban },
} as const;

/** A stored picture shown from its blob; the object URL lives as long as the image. */
function BlobImage({ blob, className }: { blob: Blob; className: string }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  return <img ref={attach} alt="" className={className} />;
}

/** The item's photo: the stored picture while it waits, the server's thumbnail once processed. */
function ItemPhoto({ item }: { item: OutboxItem }) {
  const photo = item.photo;
  const className = 'size-16 shrink-0 rounded-lg object-cover';
  if (photo?.job.step === 'done') {
    return <img src={photo.job.photo.thumbnailURL} alt="" className={className} />;
  }
  if (photo) return <BlobImage blob={photo.blob} className={className} />;
  return (
    <span className="grid size-16 shrink-0 place-items-center rounded-lg bg-concrete text-smoke">
      <ImageOff className="size-5" aria-hidden />
    </span>
  );
}

/** One item of the outbox list: what it is, when it was made, where it got to, what can be done. */
export function OutboxItemCard({
  item,
  onEdit,
  onDiscard,
}: {
  item: OutboxItem;
  onEdit: () => void;
  onDiscard: () => void;
}) {
  const state = STATES[item.state];
  const retry = async () => {
    // A refusal is kept for its key: a retry after one goes under new keys (decision 031).
    if (item.state === 'refused') await putItem(renewed(item, item.body));
    void flushOutbox(item.userId);
  };
  return (
    <li
      className="grid gap-3 rounded-xl border border-line bg-brick/90 p-3 sm:grid-cols-[auto_1fr_auto] sm:items-center"
      aria-label={`${KIND_LABELS[item.kind]}: ${item.title}`}
    >
      <div className="flex min-w-0 items-center gap-3 sm:contents">
        <ItemPhoto item={item} />
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-bold tracking-wide text-smoke uppercase">
            {KIND_LABELS[item.kind]}
          </p>
          <p className="truncate font-semibold">{item.title}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-smoke">
            <Badge variant={state.variant}>
              <state.Icon
                className={item.state === 'sending' ? 'size-3 animate-spin' : 'size-3'}
                aria-hidden
              />
              {state.label}
            </Badge>
            <span>Made {formatDateTime(item.createdAt)}</span>
          </p>
          {item.reason && (
            <p className="text-sm text-rose-200" role="status">
              {item.reason}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {item.state === 'refused' && (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <Pencil aria-hidden />
            Edit
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={item.state === 'sending'}
          onClick={() => void retry()}
        >
          <RotateCw aria-hidden />
          {item.state === 'refused' ? 'Try again' : 'Send now'}
        </Button>
        <Button variant="ghost" size="sm" className="text-rose-200" onClick={onDiscard}>
          <Trash2 aria-hidden />
          Discard
        </Button>
      </div>
    </li>
  );
}
