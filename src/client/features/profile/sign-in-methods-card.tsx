import { useQuery } from '@tanstack/react-query';
import { KeyRound, Link2, LoaderCircle, Unlink } from 'lucide-react';
import { useEffect } from 'react';
import { signInMethodsQuery, useLinkProvider, useUnlinkProvider } from './api/sign-in-methods.ts';
import { toast } from '../../hooks/use-toast.ts';
import { failed } from './form-parts.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

/**
 * What a link through a provider came back with (/profile?linked or ?linkError=…): told once,
 * then dropped from the address.
 */
function useLinkOutcome(names: Map<string, string> | null) {
  useEffect(() => {
    if (!names) return;
    const params = new URLSearchParams(window.location.search);
    const provider = names.get(params.get('provider') ?? '') ?? 'The provider';
    if (params.has('linked')) {
      toast({ title: 'Provider Linked', description: `You can now sign in with ${provider}.` });
    } else if (params.get('linkError') === 'linked-elsewhere') {
      toast({
        title: 'Not Linked',
        description: `That ${provider} account is already linked to another StreetScope account.`,
        variant: 'destructive',
      });
    } else if (params.has('linkError')) {
      toast({
        title: 'Not Linked',
        description: `Another ${provider} account is already linked here. Unlink it first.`,
        variant: 'destructive',
      });
    } else return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [names]);
}

/** Ways to sign in (docs/decisions/035): link or unlink each OpenID Connect provider. */
export function SignInMethodsCard() {
  const { data, isPending, isError, refetch } = useQuery(signInMethodsQuery);
  const link = useLinkProvider();
  const unlink = useUnlinkProvider();
  useLinkOutcome(data ? new Map(data.providers.map((p) => [p.id, p.name])) : null);
  if (data && data.providers.length === 0) return null;
  const linkedCount = data?.providers.filter((p) => p.linkedAt).length ?? 0;

  return (
    <Section id="sign-in-methods" title="Sign-in methods" icon={KeyRound}>
      {isPending ? (
        <Skeleton className="h-24" aria-label="Loading your sign-in methods" />
      ) : isError ? (
        <LoadError what="your sign-in methods" onRetry={() => void refetch()} />
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-smoke">
            Sign in with another account you already have. You can unlink one while another way to
            sign in remains
            {data.password ? ', such as your password' : data.passkey ? ', such as a passkey' : ''}.
          </p>
          <ul className="grid gap-2" aria-label="Sign-in providers">
            {data.providers.map((p) => {
              const last = !!p.linkedAt && !data.password && !data.passkey && linkedCount === 1;
              return (
                <li
                  key={p.id}
                  className="flex items-center gap-3 rounded-xl border border-line bg-wall/60 p-3"
                >
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="min-w-0 break-words font-bold text-chalk">{p.name}</p>
                    <p className="text-xs text-smoke">
                      {p.linkedAt ? `Linked ${formatDateTime(p.linkedAt)}` : 'Not linked'}
                    </p>
                  </div>
                  {p.linkedAt ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={unlink.isPending || last}
                      title={last ? 'Your only way to sign in' : undefined}
                      aria-label={`Unlink ${p.name}`}
                      onClick={() =>
                        unlink.mutate(p.id, {
                          onSuccess: () =>
                            toast({
                              title: 'Provider Unlinked',
                              description: `${p.name} unlinked.`,
                            }),
                          onError: failed(`unlink ${p.name}`),
                        })
                      }
                    >
                      {unlink.isPending ? (
                        <LoaderCircle
                          className="animate-spin motion-reduce:animate-none"
                          aria-hidden
                        />
                      ) : (
                        <Unlink aria-hidden />
                      )}
                      Unlink
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      disabled={link.isPending}
                      aria-label={`Link ${p.name}`}
                      onClick={() =>
                        link.mutate(p.id, {
                          onSuccess: (url) => window.location.assign(url),
                          onError: failed(`reach ${p.name}`),
                        })
                      }
                    >
                      {link.isPending ? (
                        <LoaderCircle
                          className="animate-spin motion-reduce:animate-none"
                          aria-hidden
                        />
                      ) : (
                        <Link2 aria-hidden />
                      )}
                      Link
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Section>
  );
}
