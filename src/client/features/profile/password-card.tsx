import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, LoaderCircle, LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useChangePassword } from './api/sessions.ts';
import { signInMethodsQuery } from './api/sign-in-methods.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { plural } from '../../lib/format.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormFailure, PasswordField } from './form-parts.tsx';
import { Section } from '../../components/ui/section.tsx';

/**
 * Change the password: the current one first; every other session is signed out. An account
 * made through a provider or with a passkey sets its first password here. Not shown where the
 * server takes no passwords.
 */
export function PasswordCard() {
  const methods = useQuery(signInMethodsQuery);
  if (methods.data && !methods.data.passwordSignIn) return null;
  // Until the methods are known, the usual form: nearly every account has a password.
  return <PasswordForm first={methods.data?.password === false} />;
}

function PasswordForm({ first }: { first: boolean }) {
  const change = useChangePassword();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const ready = (first || !!current) && !!next && !change.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setFailure(null);
    change.mutate(first ? { newPassword: next } : { currentPassword: current, newPassword: next }, {
      onSuccess: ({ ended }) => {
        setCurrent('');
        setNext('');
        void queryClient.invalidateQueries({ queryKey: signInMethodsQuery.queryKey });
        toast(
          first
            ? {
                title: 'Password Set',
                description: 'You can now sign in with your username and this password too.',
              }
            : {
                title: 'Password Changed',
                description:
                  ended > 0
                    ? `${plural(ended, 'other session', 'other sessions')} signed out.`
                    : 'Use your new password next time you sign in.',
              },
        );
      },
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        setFailure(serverMessage(error) ?? 'Could not save your password. Please try again.');
      },
    });
  }

  return (
    <Section id="password" title="Password" icon={LockKeyhole}>
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <p className="text-sm text-smoke">
          {first
            ? 'Your account has no password yet. Set one to sign in with your username as well.'
            : 'Changing your password signs out every other device.'}
        </p>
        {!first && (
          <PasswordField
            id="current-password"
            label="Current password"
            value={current}
            onChange={setCurrent}
            disabled={change.isPending}
          />
        )}
        <PasswordField
          id="new-password"
          label={first ? 'Password' : 'New password'}
          value={next}
          onChange={setNext}
          isNew
          disabled={change.isPending}
          hint="At least 8 characters. Long phrases are great."
        />
        {failure && <FormFailure message={failure} />}
        <Button type="submit" variant="secondary" className="justify-self-start" disabled={!ready}>
          {change.isPending ? (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <Check aria-hidden />
          )}
          {first ? 'Set password' : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}
