import { ArrowRight, Coins, Compass, LogIn, Wallet, type LucideIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ConnectMetamaskButton } from '../wallet/index.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { VideoFacade } from '../../components/ui/video-facade.tsx';
import { configQuery } from '../../api/config.ts';
import { cn } from '../../lib/cn.ts';
import { LOGIN_URL } from '../../lib/navigation.ts';
import WALL_ART from '../../assets/street-wall.svg?url';

/**
 * The landing page (SPEC §2, route / while signed out or loading). It is in the initial bundle,
 * so it uses only React, lucide icons and our ui primitives, and downloads nothing from other
 * hosts until the visitor asks for the trailer.
 *
 * 'Sign In / Create Account' and 'Get Started' look like buttons but are links: both are plain
 * navigations (the first a full page load of /api/login), so they also work from the keyboard,
 * a new tab or before the script has loaded.
 */

/**
 * The trailer on the video provider, when the server names one (TRAILER_YOUTUBE_ID). Only a
 * facade (our own poster) renders at first; the privacy-enhanced youtube-nocookie iframe is
 * created on click, so an unreachable provider (offline, blocked) never slows or breaks the page.
 */
export const trailerEmbedUrl = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;

const FEATURES: { label: string; blurb: string; icon: LucideIcon; tone: string }[] = [
  {
    label: 'Explore Art',
    blurb: 'Hunt murals, tags and legal walls on a live map.',
    icon: Compass,
    tone: 'text-neon-cyan border-neon-cyan/50 bg-neon-cyan/10',
  },
  {
    label: 'Earn Tokens',
    blurb: 'Photograph and pin what you find to stack Spray Coins.',
    icon: Coins,
    tone: 'text-neon-amber border-neon-amber/50 bg-neon-amber/10',
  },
  {
    label: 'Web3 Ready',
    blurb: 'Connect a crypto wallet for collectibles and rewards.',
    icon: Wallet,
    tone: 'text-neon-violet border-neon-violet/50 bg-neon-violet/10',
  },
];

function TrailerFacade({ videoId }: { videoId: string }) {
  return (
    <VideoFacade
      src={trailerEmbedUrl(videoId)}
      title="StreetScope trailer"
      playLabel="Play the StreetScope trailer"
      corner="Trailer"
      call="Watch the trailer"
      provider="YouTube"
    />
  );
}

export default function Landing() {
  const trailerId = useQuery(configQuery).data?.trailer.youtubeId;
  return (
    <div className="relative min-h-dvh overflow-hidden bg-wall">
      <div
        aria-hidden
        className="absolute inset-0 bg-cover bg-center"
        style={{ backgroundImage: `url(${WALL_ART})` }}
      />
      <div
        aria-hidden
        className="absolute inset-0 bg-gradient-to-b from-wall/30 via-wall/75 to-wall"
      />

      <header className="relative z-10 mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 pt-4">
        <span
          aria-hidden
          className="grid size-11 -rotate-6 place-items-center rounded-xl border-2 border-neon-lime bg-wall/80 font-display text-lg text-neon-lime"
        >
          SS
        </span>
        <ConnectMetamaskButton />
      </header>

      <main className="relative z-10 mx-auto grid max-w-6xl gap-8 px-4 pt-8 pb-14 lg:grid-cols-[1fr_1.15fr] lg:items-center lg:gap-12 lg:pt-14">
        <div className="grid gap-6">
          <div>
            <h1 className="font-display text-5xl leading-none [text-shadow:0_4px_0_#000,0_0_28px_rgb(255_45_149/0.45)] sm:text-7xl">
              Street<span className="text-neon-pink">Scope</span>
            </h1>
            <p className="mt-3 inline-block -rotate-1 rounded-md bg-neon-lime px-2 py-1 text-sm font-black tracking-wide text-wall uppercase sm:text-base">
              Street Art Geocaching Game
            </p>
          </div>

          <section
            aria-labelledby="join-heading"
            className="grid gap-4 rounded-2xl border border-line bg-brick/85 p-5 backdrop-blur"
          >
            <div className="grid gap-1">
              <h2 id="join-heading" className="font-display text-2xl text-chalk sm:text-3xl">
                Join the Revolution
              </h2>
              <p className="text-base text-smoke">
                Discover, document, and share urban art worldwide
              </p>
            </div>
            <div className="grid gap-3 sm:grid-cols-[3fr_2fr]">
              <a href={LOGIN_URL} className={cn(buttonVariants({ size: 'lg' }), 'w-full px-4')}>
                <LogIn aria-hidden />
                Sign In / Create Account
              </a>
              <Link
                href="/onboarding"
                className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full px-4')}
              >
                Get Started
                <ArrowRight aria-hidden />
              </Link>
            </div>
          </section>
        </div>

        {trailerId && <TrailerFacade videoId={trailerId} />}

        <ul aria-label="Features" className="grid gap-3 sm:grid-cols-3 lg:col-span-2">
          {FEATURES.map(({ label, blurb, icon: Icon, tone }) => (
            <li
              key={label}
              className="flex items-start gap-3 rounded-2xl border border-line bg-brick/80 p-4 backdrop-blur sm:flex-col"
            >
              <span
                className={cn('grid size-12 shrink-0 place-items-center rounded-xl border', tone)}
              >
                <Icon className="size-6" aria-hidden />
              </span>
              <div className="grid gap-0.5">
                <h3 className="font-display text-base text-chalk">{label}</h3>
                <p className="text-sm text-smoke">{blurb}</p>
              </div>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
