import { Home } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { Button } from '../ui/button.tsx';

/**
 * SPEC §2 not-found page: every unknown path (a signed-in screen's path, signed out, goes to
 * sign-in instead: features/sign-in/signing-in-page.tsx).
 * A sprayed '404' on a wall, SPEC's two texts, and a way home.
 */
export default function NotFound() {
  return (
    <main className="wall-texture grid min-h-dvh place-items-center overflow-hidden px-5 py-12">
      <div className="relative w-full max-w-md text-center">
        <p
          aria-hidden
          className="spray-text pointer-events-none font-display text-[7.5rem] leading-none tracking-tight drop-shadow-[0_0_28px_rgba(255,45,149,0.35)] select-none sm:text-[10rem]"
        >
          404
        </p>
        {/* Paint drips under the tag. */}
        <div aria-hidden className="relative mx-auto -mt-4 h-14 w-60 sm:-mt-5 sm:w-80">
          {[
            [9, 30, 8],
            [22, 48, 6],
            [47, 22, 7],
            [68, 40, 6],
            [88, 26, 8],
          ].map(([left, height, width], i) => (
            <span
              key={i}
              className="absolute top-0 rounded-b-full bg-gradient-to-b from-neon-pink to-neon-violet"
              style={{ left: `${left}%`, height, width }}
            />
          ))}
        </div>

        <div className="mt-2 rounded-2xl border border-line bg-brick/90 p-6 shadow-2xl shadow-black/50">
          <h1 className="font-display text-xl leading-tight sm:text-2xl">
            <span className="text-neon-pink">404</span> Page Not Found
          </h1>
          <p className="mt-3 text-smoke">Did you forget to add the page to the router?</p>
          <BackToHome size="lg" className="mt-6 w-full sm:w-auto" />
        </div>
      </div>
    </main>
  );
}

/** The way home from a screen that cannot show. */
export function BackToHome(props: Omit<ComponentProps<typeof Button>, 'asChild' | 'children'>) {
  return (
    <Button asChild {...props}>
      <Link href="/">
        <Home aria-hidden />
        Back to Home
      </Link>
    </Button>
  );
}
