import { ImageOff, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { nearbyArtworksQuery } from './artworks-api.ts';
import { cn } from '../../lib/cn.ts';
import { formatDistance } from '../../lib/geo-format.ts';

/**
 * Which newer piece painted over this one: the artworks pinned within 200 m, closest first,
 * as radio rows with their photo. With none near, the way forward is to pin the new piece.
 */
export function NewerPiecePicker({
  artworkId,
  value,
  onChange,
}: {
  artworkId: string;
  value: string | null;
  onChange: (id: string) => void;
}) {
  const nearby = useQuery(nearbyArtworksQuery(artworkId, true));
  const name = useId();

  if (nearby.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-smoke" role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        Finding pieces pinned nearby…
      </p>
    );
  }
  const pieces = nearby.data?.artworks ?? [];
  if (pieces.length === 0) {
    return (
      <p className="rounded-xl border border-line bg-wall/60 p-3 text-sm text-smoke">
        {nearby.isError
          ? 'Could not load the pieces nearby. Close this and try again.'
          : 'No other piece is pinned within 200 m yet. Pin the new piece first, then report this one painted over by it.'}
      </p>
    );
  }
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold">Painted over by</legend>
      <div className="grid max-h-64 gap-2 overflow-y-auto">
        {pieces.map((piece) => (
          <label key={piece.id} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={piece.id}
              checked={value === piece.id}
              onChange={() => onChange(piece.id)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'flex items-center gap-3 rounded-xl border border-line bg-wall p-2 transition-colors hover:border-neon-cyan/60',
                'peer-checked:border-neon-pink peer-checked:bg-neon-pink/15 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neon-cyan',
              )}
            >
              {piece.coverImageUrl ? (
                <img
                  src={`${piece.coverImageUrl}/thumbnail`}
                  alt=""
                  className="size-12 shrink-0 rounded-lg object-cover"
                />
              ) : (
                <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-concrete">
                  <ImageOff className="size-5 text-smoke" aria-hidden />
                </span>
              )}
              <span className="grid min-w-0 gap-0.5">
                <span className="truncate text-sm font-semibold text-chalk">{piece.title}</span>
                <span className="truncate text-xs text-smoke">
                  {piece.artistName ? `by ${piece.artistName} · ` : ''}
                  {formatDistance(piece.distanceM / 1000)} away
                </span>
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
