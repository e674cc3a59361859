import { useQuery } from '@tanstack/react-query';
import { FingerprintPattern, LoaderCircle, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PASSKEY_NAME_MAX } from '../../../core/constants.ts';
import type { Passkey } from '../../../core/schemas/passkeys.ts';
import {
  PasskeyNotMade,
  passkeysQuery,
  useAddPasskey,
  useRemovePasskey,
  useRenamePasskey,
} from './api/passkeys.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { failed, FormFailure } from './form-parts.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

const Spinner = () => (
  <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
);

/**
 * Passkeys (docs/decisions/036): sign in with the device's screen lock instead of a username and
 * password. Added here, named after the device they were made on, renamed and removed.
 */
export function PasskeysCard() {
  const { data, isPending, isError, refetch } = useQuery(passkeysQuery);
  const add = useAddPasskey();
  const canMake = typeof window.PublicKeyCredential === 'function';

  const addPasskey = () =>
    add.mutate(undefined, {
      onSuccess: (passkey) =>
        toast({ title: 'Passkey Added', description: `“${passkey.name}” can now sign you in.` }),
      onError: (error) =>
        error instanceof PasskeyNotMade
          ? toast({
              title: 'No Passkey Added',
              description: 'The device did not make a passkey. Please try again.',
              variant: 'destructive',
            })
          : failed('add the passkey')(error),
    });

  return (
    <Section id="passkeys" title="Passkeys" icon={FingerprintPattern}>
      {isPending ? (
        <Skeleton className="h-24" aria-label="Loading your passkeys" />
      ) : isError ? (
        <LoadError what="your passkeys" onRetry={() => void refetch()} />
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-smoke">
            Sign in with your fingerprint, face or screen lock, no username or password to type.
          </p>
          {data.length > 0 && (
            <ul className="grid gap-2" aria-label="Your passkeys">
              {data.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )}
          {canMake ? (
            <Button
              variant={data.length > 0 ? 'secondary' : 'default'}
              className="justify-self-start"
              disabled={add.isPending}
              onClick={addPasskey}
            >
              {add.isPending ? <Spinner /> : <Plus aria-hidden />}
              Add a passkey
            </Button>
          ) : (
            <p className="text-sm font-bold text-chalk">This browser cannot make passkeys.</p>
          )}
        </div>
      )}
    </Section>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="grid gap-2 rounded-xl border border-line bg-wall/60 p-3">
      {editing ? (
        <RenameForm passkey={passkey} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
            <p className="font-bold break-words text-chalk">{passkey.name}</p>
            <p className="text-xs text-smoke">
              Added {formatDate(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt
                ? `Last used ${formatDateTime(passkey.lastUsedAt)}`
                : 'Not used yet'}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Rename passkey: ${passkey.name}`}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden />
              Rename
            </Button>
            <RemoveButton passkey={passkey} />
          </div>
        </div>
      )}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const inputId = `passkey-name-${passkey.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: onDone,
        onError: (error) => void handleUnauthorized(error),
      },
    );
  };
  const failure = rename.isError ? serverMessage(rename.error) : null;
  return (
    <form className="grid gap-2" onSubmit={submit}>
      <Label htmlFor={inputId}>Passkey name</Label>
      <Input
        id={inputId}
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        required
        autoFocus
        disabled={rename.isPending}
        onChange={(e) => setName(e.target.value)}
      />
      {rename.isError && (
        <FormFailure message={failure ?? 'Could not rename the passkey. Please try again.'} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending || name.trim() === ''}>
          {rename.isPending && <Spinner />}
          Save name
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RemoveButton({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Remove passkey: ${passkey.name}`}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden />
        Remove
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove “{passkey.name}”?</DialogTitle>
          <DialogDescription>
            It will no longer sign you in to StreetScope. You can also delete it from the device’s
            passkey list.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(passkey.id, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: 'Passkey Removed', description: `“${passkey.name}” removed.` });
                },
                onError: failed('remove the passkey'),
              })
            }
          >
            {remove.isPending && <Spinner />}
            Remove passkey
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
