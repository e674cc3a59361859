import { memo, useMemo } from 'react';
import type { Coordinates } from '../../hooks/use-geolocation.ts';

/** A small seeded generator, so each place gets its own (stable) street pattern. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Layout {
  angle: number;
  minor: number[];
  major: number[];
  avenue: { from: number; to: number };
  parks: { x: number; y: number; w: number; h: number }[];
  water: string | null;
}

function layoutFor({ latitude, longitude }: Coordinates): Layout {
  const random = mulberry32(Math.round(latitude * 100) * 100_003 + Math.round(longitude * 100));
  const span = (n: number, step: number) =>
    Array.from({ length: n }, (_, i) => -400 + i * step + random() * step * 0.3);
  const parks = Array.from({ length: 3 }, () => ({
    x: 80 + random() * 760,
    y: 80 + random() * 760,
    w: 70 + random() * 110,
    h: 60 + random() * 90,
  }));
  // Half the places get a shoreline: a wavy edge along one side.
  const water =
    random() < 0.5
      ? (() => {
          const x = (f: number) => Math.round(620 + random() * 200 - f);
          return `M${x(0)} -60 C${x(120)} 200 ${x(-80)} 420 ${x(40)} 560 S${x(160)} 900 ${x(0)} 1060 L1080 1060 L1080 -60 Z`;
        })()
      : null;
  return {
    angle: -18 + random() * 36,
    minor: span(24, 75),
    major: span(6, 300),
    avenue: { from: random() * 1000, to: random() * 1000 },
    parks,
    water,
  };
}

/**
 * An offline, stylised street grid behind the map overlays: no tiles, no network. Purely
 * decorative (aria-hidden); the real map replaces the whole stage later.
 */
export const StreetGrid = memo(function StreetGrid({ centre }: { centre: Coordinates }) {
  const { latitude, longitude } = centre;
  const layout = useMemo(() => layoutFor({ latitude, longitude }), [latitude, longitude]);
  const lines = (id: string, values: number[], width: number, stroke: string) =>
    values.flatMap((v, i) => [
      <line
        key={`${id}v${i}`}
        x1={v}
        y1={-400}
        x2={v}
        y2={1400}
        stroke={stroke}
        strokeWidth={width}
      />,
      <line
        key={`${id}h${i}`}
        x1={-400}
        y1={v}
        x2={1400}
        y2={v}
        stroke={stroke}
        strokeWidth={width}
      />,
    ]);
  return (
    <svg
      aria-hidden
      className="absolute inset-0 size-full"
      viewBox="0 0 1000 1000"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="1000" height="1000" fill="#111118" />
      <g transform={`rotate(${layout.angle} 500 500)`}>
        {layout.parks.map((p, i) => (
          <rect key={i} x={p.x} y={p.y} width={p.w} height={p.h} rx="10" fill="#142016" />
        ))}
        {lines('minor', layout.minor, 5, '#1d1d27')}
        {lines('major', layout.major, 14, '#262633')}
        {lines('centre', layout.major, 1.5, '#3a3a4a')}
        <line
          x1={-200}
          y1={layout.avenue.from}
          x2={1200}
          y2={layout.avenue.to}
          stroke="#a855f7"
          strokeOpacity="0.28"
          strokeWidth="10"
        />
      </g>
      {layout.water && (
        <path d={layout.water} fill="#0b1d2a" stroke="#22d3ee" strokeOpacity="0.2" />
      )}
      <rect width="1000" height="1000" fill="url(#street-grid-vignette)" />
      <defs>
        <radialGradient id="street-grid-vignette">
          <stop offset="55%" stopColor="#0c0c10" stopOpacity="0" />
          <stop offset="100%" stopColor="#0c0c10" stopOpacity="0.85" />
        </radialGradient>
      </defs>
    </svg>
  );
});
