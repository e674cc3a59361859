import { PIN_INK, PIN_STYLES, type PinKind } from './pin-kinds.ts';

/** The pin silhouette in a 32 x 40 box: a round head centred at (16, 14.5), its tip at (16, 38). */
const SILHOUETTE = 'M16 38C16 38 4 25 4 14.5a12 12 0 0 1 24 0C28 25 16 38 16 38Z';
export const PIN_ASPECT = 32 / 40;

/** A gone artwork's pin body: grey, so the eye skips it for the pieces still there. */
export const GONE_PIN_COLOUR = '#8b8b96';
/** The gone mark's disc, on the pin's upper right. */
export const GONE_MARK_COLOUR = '#e11d48';

/**
 * A pin drawn in SVG: the type's colour in a white rim and a dark halo, so it reads on
 * satellite imagery and on the dark UI alike, with the type's glyph in its head. `label` makes
 * it an image with that name; without one it is decoration beside text that names it. A `gone`
 * pin (an artwork reported gone) is grey and carries a red cross.
 */
export function PinIcon({
  kind,
  height = 40,
  label,
  gone = false,
  className,
}: {
  kind: PinKind;
  /** In px; the width follows the silhouette. */
  height?: number;
  label?: string;
  gone?: boolean;
  className?: string;
}) {
  const { colour, glyph: Glyph } = PIN_STYLES[kind];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 32 40"
      width={height * PIN_ASPECT}
      height={height}
      className={className}
      data-pin={kind}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path d={SILHOUETTE} fill="none" stroke={PIN_INK} strokeOpacity={0.7} strokeWidth={4} />
      <path
        d={SILHOUETTE}
        fill={gone ? GONE_PIN_COLOUR : colour}
        stroke="#ffffff"
        strokeWidth={1.75}
      />
      <Glyph x={8} y={6.5} size={16} color={PIN_INK} strokeWidth={2.5} />
      {gone && (
        <g data-gone-mark>
          <circle
            cx={25}
            cy={7}
            r={6.25}
            fill={GONE_MARK_COLOUR}
            stroke="#ffffff"
            strokeWidth={1.5}
          />
          <path d="M22.5 4.5l5 5m0-5l-5 5" stroke="#ffffff" strokeWidth={2} strokeLinecap="round" />
        </g>
      )}
    </svg>
  );
}
