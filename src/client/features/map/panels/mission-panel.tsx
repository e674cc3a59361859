import { ArrowRight, Target, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { Mission } from '../../../../core/schemas/catalog.ts';
import { cn } from '../../../lib/cn.ts';
import { MissionCard } from '../../missions/index.ts';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The panel of a mission target tapped on the map: the mission's card as /missions shows it,
 * and the way to every mission. Focus moves to its heading when it opens; Escape closes it.
 */
export function MissionPanel({
  mission,
  onClose,
  className,
}: {
  mission: Mission;
  onClose: () => void;
  className?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [mission.id]);

  return (
    <section
      aria-labelledby="mission-panel-title"
      data-testid="mission-panel"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className={cn(
        'pointer-events-auto flex min-h-0 flex-col overflow-hidden rounded-2xl border border-neon-pink/40 bg-brick/95 shadow-2xl shadow-black/60',
        className,
      )}
    >
      <div className="flex items-center gap-2 px-4 pt-3">
        <h2
          id="mission-panel-title"
          ref={headingRef}
          tabIndex={-1}
          className="flex flex-1 items-center gap-2 text-sm font-bold tracking-wide text-neon-pink uppercase outline-none"
        >
          <Target className="size-4" aria-hidden />
          Mission target
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close"
          onClick={onClose}
          className="-mr-2 shrink-0 text-smoke hover:text-chalk [&_svg]:size-5"
        >
          <X aria-hidden />
        </Button>
      </div>
      <div className="grid gap-3 overflow-y-auto p-4 pt-2">
        <MissionCard mission={mission} />
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link href="/missions">
            All missions
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}
