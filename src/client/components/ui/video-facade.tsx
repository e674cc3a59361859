import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A video from a provider behind our own poster: nothing is loaded from the provider until the
 * player presses play, then its privacy-enhanced player (`src`) replaces the poster, so an
 * unreachable provider (offline, blocked) never slows or breaks the page.
 */
export function VideoFacade({
  src,
  title,
  playLabel,
  corner,
  call,
  provider,
  className,
}: {
  /** The privacy-enhanced embed URL, with autoplay. */
  src: string;
  /** The player's title. */
  title: string;
  /** The play button's name ("Play the StreetScope trailer"). */
  playLabel: string;
  /** The poster's corner word ("Trailer"). */
  corner: string;
  /** The poster's call to play ("Watch the trailer"). */
  call: string;
  provider: string;
  className?: string;
}) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // The play button goes away; keyboard focus moves to the player that replaced it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  return (
    <div
      className={cn(
        // Sized by its own width, not the screen's: it also sits in a page's narrow side column.
        '@container relative aspect-video w-full overflow-hidden rounded-2xl border-2 border-neon-pink/60 bg-wall shadow-[0_0_40px_-8px] shadow-neon-pink/50',
        className,
      )}
    >
      {playing ? (
        <iframe
          ref={frame}
          className="absolute inset-0 size-full"
          src={src}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          aria-label={playLabel}
          className="group absolute inset-0 grid size-full place-items-center overflow-hidden text-left focus-visible:outline-offset-[-6px]"
        >
          {/* Our own poster: stencil stripes and spray rings, no image from the provider. */}
          <span
            aria-hidden
            className="absolute inset-0 bg-[repeating-linear-gradient(135deg,#17171f_0_22px,#1d1d27_22px_44px)]"
          />
          <span
            aria-hidden
            className="absolute -top-10 -left-10 size-48 rounded-full bg-neon-pink/40 blur-2xl"
          />
          <span
            aria-hidden
            className="absolute -right-8 -bottom-12 size-56 rounded-full bg-neon-cyan/30 blur-2xl"
          />
          <span
            aria-hidden
            className="absolute top-4 left-4 font-display text-xs tracking-widest text-neon-lime @sm:text-sm"
          >
            {corner}
          </span>
          <span
            aria-hidden
            className="relative grid size-20 place-items-center rounded-full bg-gradient-to-br from-neon-pink to-neon-violet text-white shadow-[0_0_0_8px] shadow-white/10 transition-transform group-hover:scale-105 motion-reduce:transition-none @sm:size-24"
          >
            <Play className="ml-1 size-9 fill-current" />
          </span>
          <span className="absolute right-4 bottom-3 left-4 flex items-end justify-between gap-2 text-xs text-chalk @sm:text-sm">
            <span className="font-bold">{call}</span>
            <span className="text-smoke">Plays from {provider}</span>
          </span>
        </button>
      )}
    </div>
  );
}
