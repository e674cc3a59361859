import { useQuery } from '@tanstack/react-query';
import { CloudDownload, Download, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TourDetail } from '../../../core/schemas/tours.ts';
import { tourArea } from '../../../core/tours.ts';
import { configQuery } from '../../api/config.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { LazyBoundary } from '../../components/ui/lazy-boundary.tsx';
import { MissingPartDialog } from '../../components/ui/missing-part-dialog.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { ReportMenu } from '../moderation/index.ts';
import { SaveAreaDialogFor, type AreaTarget } from '../saved-areas/index.ts';
import { DeleteTourDialog } from './delete-tour-dialog.tsx';
import { downloadTourGpx } from './tour-gpx.ts';

/**
 * "Save this tour for offline": a saved area (docs/decisions/037) around the tour's stops, the
 * smallest radius that holds them all; refused with its reason when they spread wider.
 */
function SaveOffline({ tour }: { tour: TourDetail }) {
  const { user } = useAuth();
  const sources = useQuery(configQuery).data?.map;
  const [target, setTarget] = useState<AreaTarget | null>(null);
  const [opened, setOpened] = useState(false);
  const area = tourArea(tour.stops);
  if (!user || !sources) return null;
  if (!area) {
    return (
      <p className="text-sm text-smoke">
        Its stops spread wider than a saved area holds (5 km around one point): save the areas you
        need from the map’s layers panel.
      </p>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOpened(true);
          setTarget({
            centre: area.centre,
            name: tour.title,
            radiusKm: area.radiusKm,
            route: true,
          });
        }}
      >
        <CloudDownload aria-hidden />
        Save this tour for offline
      </Button>
      {opened && (
        <LazyBoundary
          fallback={(missing) => (
            <MissingPartDialog
              open={target !== null}
              onClose={() => setTarget(null)}
              {...missing}
            />
          )}
        >
          <SaveAreaDialogFor
            target={target}
            userId={user.id}
            sources={sources}
            onClose={() => setTarget(null)}
          />
        </LazyBoundary>
      )}
    </>
  );
}

/**
 * What a player does with a tour: take it to a GPS, keep it offline, change, delete or report
 * it.
 */
export function TourActions({ tour }: { tour: TourDetail }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={() => downloadTourGpx(tour)}>
        <Download aria-hidden />
        Export GPX
      </Button>
      <SaveOffline tour={tour} />
      {tour.mayDelete && <DeleteTourDialog tour={tour} />}
      {tour.mine ? (
        <Link
          href={`/tours/${encodeURIComponent(tour.id)}/edit`}
          className={buttonVariants({ variant: 'ghost' })}
        >
          <Pencil aria-hidden />
          Edit tour
        </Link>
      ) : (
        <ReportMenu
          targets={[{ targetType: 'tour', targetId: tour.id }]}
          subject={`tour ${tour.title}`}
          className="ml-auto"
        />
      )}
    </div>
  );
}
