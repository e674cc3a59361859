import { LoaderCircle, LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { buttonVariants } from '../../components/ui/button.tsx';
import { currentPath, goTo, LOGIN_REDIRECT_DELAY_MS, loginUrl } from '../../lib/navigation.ts';

/**
 * A signed-out visit to a signed-in screen (SPEC §4): a short "Signing you in…" state, then
 * the sign-in page after 500 ms, which brings the player back here once signed in.
 */
export default function SigningIn() {
  const href = loginUrl({ returnTo: currentPath() });
  useEffect(() => {
    const timer = setTimeout(() => goTo(href), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [href]);
  return (
    <main className="wall-texture grid min-h-dvh place-items-center px-5 py-12">
      <div className="grid w-full max-w-sm justify-items-center gap-4 rounded-2xl border border-line bg-brick/90 p-6 text-center shadow-2xl shadow-black/50">
        <p className="font-display text-2xl">
          Street<span className="text-neon-pink">Scope</span>
        </p>
        <div role="status">
          <h1 className="flex items-center gap-2 text-lg font-bold">
            <LoaderCircle className="size-5 animate-spin text-neon-cyan" aria-hidden />
            Signing you in…
          </h1>
        </div>
        <p className="text-sm text-smoke">This page needs your account. You’ll come right back.</p>
        <a href={href} className={buttonVariants({ variant: 'outline' })}>
          <LogIn aria-hidden />
          Sign in now
        </a>
      </div>
    </main>
  );
}
