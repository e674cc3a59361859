import { useQuery } from '@tanstack/react-query';
import { Copy, Download, KeyRound, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { recoveryCodeStatusQuery, useMakeRecoveryCodes } from './api/sessions.ts';
import { signInMethodsQuery } from './api/sign-in-methods.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatDate, plural } from '../../lib/format.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { FormFailure, PasswordField } from './form-parts.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

/**
 * Ten single-use codes that set a new password from "Forgot password?" on the sign-in page
 * (docs/decisions/032). Made with the password, shown once, then only counted.
 */
export function RecoveryCodesCard({ username }: { username: string }) {
  const { data, isPending, isError, refetch } = useQuery(recoveryCodeStatusQuery);
  const methods = useQuery(signInMethodsQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState(false);
  if (methods.data && !methods.data.passwordSignIn) return null;

  return (
    <Section id="recovery-codes" title="Recovery codes" icon={KeyRound}>
      {isPending ? (
        <Skeleton className="h-24" aria-label="Loading your recovery codes" />
      ) : isError ? (
        <LoadError what="your recovery codes" onRetry={() => void refetch()} />
      ) : codes ? (
        <NewCodes codes={codes} username={username} onDone={() => setCodes(null)} />
      ) : (
        <div className="grid gap-3 text-sm text-smoke">
          <p>
            Forgot your password? A recovery code lets you set a new one from the sign-in page. Each
            code works once.
          </p>
          <p className="font-bold text-chalk" data-testid="recovery-codes-left">
            {data.createdAt
              ? `${plural(data.remaining, 'code', 'codes')} left, made ${formatDate(data.createdAt)}`
              : 'No recovery codes yet'}
          </p>
          {methods.data?.password === false ? (
            <p>Set a password first: a recovery code replaces it.</p>
          ) : asking ? (
            <PasswordStep
              replacing={data.createdAt !== null}
              onMade={(made) => {
                setAsking(false);
                setCodes(made);
              }}
              onCancel={() => setAsking(false)}
            />
          ) : (
            <Button
              variant={data.createdAt ? 'secondary' : 'default'}
              className="justify-self-start"
              onClick={() => setAsking(true)}
            >
              <KeyRound aria-hidden />
              {data.createdAt ? 'Make new codes' : 'Make recovery codes'}
            </Button>
          )}
        </div>
      )}
    </Section>
  );
}

function PasswordStep({
  replacing,
  onMade,
  onCancel,
}: {
  replacing: boolean;
  onMade: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const make = useMakeRecoveryCodes();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || make.isPending) return;
    setFailure(null);
    make.mutate(password, {
      onSuccess: onMade,
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        setFailure(serverMessage(error) ?? 'Could not make your codes. Please try again.');
      },
    });
  }

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      {replacing && <p>New codes replace the ones you have now: the old ones stop working.</p>}
      <PasswordField
        id="recovery-password"
        label="Your password"
        value={password}
        onChange={setPassword}
        disabled={make.isPending}
      />
      {failure && <FormFailure message={failure} />}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!password || make.isPending}>
          {make.isPending && (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          )}
          Show my new codes
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={make.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function NewCodes({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  onDone: () => void;
}) {
  const text = `StreetScope recovery codes for ${username}\nEach code works once.\n\n${codes.join('\n')}\n`;
  function copy() {
    navigator.clipboard.writeText(text).then(
      () => toast({ title: 'Copied', description: 'Your recovery codes are on the clipboard.' }),
      () =>
        toast({
          title: 'Error',
          description: 'Could not copy. Select the codes and copy them yourself.',
          variant: 'destructive',
        }),
    );
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: `streetscope-recovery-codes-${username}.txt`,
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  return (
    <div className="grid gap-3 text-sm text-smoke">
      <p className="rounded-xl border border-neon-amber/50 bg-neon-amber/10 p-3 text-chalk">
        Save these now: they are shown only this once. Keep them somewhere safe, away from this
        device.
      </p>
      <ol
        className="grid grid-cols-2 gap-2 rounded-xl border border-line bg-wall/60 p-3 font-mono text-base text-chalk"
        aria-label="Your new recovery codes"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden />
          Download
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
