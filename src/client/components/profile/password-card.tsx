import { Check, LoaderCircle, LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useChangePassword } from '../../api/sessions.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { plural } from '../../lib/format.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { Button } from '../ui/button.tsx';
import { FormFailure, PasswordField } from './form-parts.tsx';
import { Section } from './section.tsx';

/** Change the password: the current one first; every other session is signed out. */
export function PasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!current || !next || change.isPending) return;
    setFailure(null);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: ({ ended }) => {
          setCurrent('');
          setNext('');
          toast({
            title: 'Password Changed',
            description:
              ended > 0
                ? `${plural(ended, 'other session', 'other sessions')} signed out.`
                : 'Use your new password next time you sign in.',
          });
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          setFailure(serverMessage(error) ?? 'Could not change your password. Please try again.');
        },
      },
    );
  }

  return (
    <Section id="password" title="Password" icon={LockKeyhole}>
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <p className="text-sm text-smoke">Changing your password signs out every other device.</p>
        <PasswordField
          id="current-password"
          label="Current password"
          value={current}
          onChange={setCurrent}
          disabled={change.isPending}
        />
        <PasswordField
          id="new-password"
          label="New password"
          value={next}
          onChange={setNext}
          isNew
          disabled={change.isPending}
          hint="At least 8 characters. Long phrases are great."
        />
        {failure && <FormFailure message={failure} />}
        <Button
          type="submit"
          variant="secondary"
          className="justify-self-start"
          disabled={!current || !next || change.isPending}
        >
          {change.isPending ? (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <Check aria-hidden />
          )}
          Change password
        </Button>
      </form>
    </Section>
  );
}
