import { useId, useState, type FormEvent } from 'react';
import { formatAddress } from '../../../core/geo.ts';
import { KIND_LABELS, renewed, type OutboxItem } from '../../outbox/kinds.ts';
import { flushOutbox } from '../../outbox/sender.ts';
import { putItem } from '../../outbox/store.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { fieldsOf } from './editable-fields.ts';

/**
 * Edits a refused item's words and spot, then sends it again under new keys: the refusal is
 * kept for the old key, and the old key with a new body would be refused (decision 031).
 */
export function EditItemDialog({
  item,
  onOpenChange,
}: {
  item: OutboxItem;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const fields = fieldsOf(item.body, item.spotFromPhoto);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, String(item.body[f.name] ?? '')])),
  );
  const [saving, setSaving] = useState(false);
  // A photo the server refused (already documented) can be left out; a graffiti needs its photo.
  const canDropPhoto = item.photo !== null && item.kind !== 'graffiti';
  const [dropPhoto, setDropPhoto] = useState(false);

  async function resend(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = { ...item.body };
    for (const field of fields) {
      const value = values[field.name]!.trim();
      body[field.name] = field.kind === 'number' ? Number(value) : value;
    }
    if (
      typeof body.latitude === 'number' &&
      typeof body.longitude === 'number' &&
      'address' in body
    ) {
      body.address = formatAddress(body.latitude, body.longitude);
    }
    setSaving(true);
    const next = { ...renewed(item, body), spotFromPhoto: false };
    await putItem(dropPhoto ? { ...next, photo: null } : next);
    void flushOutbox(item.userId);
    onOpenChange(false);
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Edit {KIND_LABELS[item.kind].toLowerCase()}</DialogTitle>
          <DialogDescription>Change what was refused, then send it again.</DialogDescription>
        </DialogHeader>
        <form onSubmit={resend} className="grid gap-4">
          {fields.map((field) => (
            <div key={field.name} className="grid gap-1.5">
              <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
              {field.kind === 'long' ? (
                <Textarea
                  id={`${id}-${field.name}`}
                  value={values[field.name]}
                  maxLength={field.max}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                />
              ) : (
                <Input
                  id={`${id}-${field.name}`}
                  value={values[field.name]}
                  inputMode={field.kind === 'number' ? 'decimal' : undefined}
                  type={field.kind === 'number' ? 'number' : 'text'}
                  step="any"
                  maxLength={field.max || undefined}
                  required={field.kind === 'number'}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                />
              )}
            </div>
          ))}
          {canDropPhoto && (
            <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-wall/60 p-3">
              <Label htmlFor={`${id}-drop-photo`}>Send without the photo</Label>
              <Switch id={`${id}-drop-photo`} checked={dropPhoto} onCheckedChange={setDropPhoto} />
            </div>
          )}
          <Button type="submit" size="lg" disabled={saving}>
            Save and send
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
