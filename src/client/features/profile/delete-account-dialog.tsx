import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { DELETED_PLAYER } from '../../../core/your-data.ts';
import { useDeleteAccount } from './api/account.ts';
import { authKeys } from '../../api/auth.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { FormFailure, PasswordField } from './form-parts.tsx';

/**
 * "Delete account": the player types their username and password again. Once the server has
 * deleted it, the app forgets the player and lands on the landing page with a toast.
 */
export function DeleteAccountDialog({ username, isPro }: { username: string; isPro: boolean }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">
          <UserX aria-hidden />
          Delete account…
        </Button>
      </DialogTrigger>
      <DialogContent hideClose={remove.isPending}>
        <DialogHeader>
          <DialogTitle className="font-display text-lg font-normal">
            Delete your account?
          </DialogTitle>
          <DialogDescription>
            This cannot be undone. Your account, photos and everything you logged are deleted; your
            forum posts and replies stay, shown as by “{DELETED_PLAYER}”.
            {isPro && ' Your Pro subscription is cancelled now; the days left are not refunded.'}
          </DialogDescription>
        </DialogHeader>
        <DeleteForm username={username} remove={remove} />
      </DialogContent>
    </Dialog>
  );
}

function DeleteForm({
  username,
  remove,
}: {
  username: string;
  remove: ReturnType<typeof useDeleteAccount>;
}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [typedName, setTypedName] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const nameMatches = typedName.trim().toLowerCase() === username.toLowerCase();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!nameMatches || !password || remove.isPending) return;
    setFailure(null);
    remove.mutate(
      { username: typedName.trim(), password },
      {
        onSuccess: () => {
          // One render: the landing page, signed out; nothing of the old account stays cached.
          navigate('/', { replace: true });
          queryClient.setQueryData(authKeys.user, null);
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.user[0] });
          toast({
            title: 'Account Deleted',
            description: 'Your account and your photos have been deleted. Take care out there.',
          });
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          setFailure(serverMessage(error) ?? 'Could not delete your account. Please try again.');
        },
      },
    );
  }

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={submit} noValidate>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="delete-username">
          Type your username, <span className="font-mono text-neon-cyan">{username}</span>
        </Label>
        <Input
          id="delete-username"
          value={typedName}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={200}
          disabled={remove.isPending}
          onChange={(e) => setTypedName(e.target.value)}
        />
      </div>
      <PasswordField
        id="delete-password"
        label="Password"
        value={password}
        onChange={setPassword}
        disabled={remove.isPending}
      />
      {failure && <FormFailure message={failure} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="secondary" disabled={remove.isPending}>
            Keep my account
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          disabled={!nameMatches || !password || remove.isPending}
        >
          {remove.isPending ? (
            <>
              <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
              Deleting…
            </>
          ) : (
            'Delete my account for good'
          )}
        </Button>
      </div>
    </form>
  );
}
