import { Flag, Flame, LocateFixed, Pencil, Tag, Target, type LucideIcon } from 'lucide-react';
import { EMOJI_PINS, type EmojiPin } from '../../../core/constants.ts';

/**
 * The drawn icons that stand for the SPEC's pin emojis in the UI. The emojis stay in the data
 * and the API; on screen they would be empty boxes wherever the device has no emoji font.
 */
export type PinKind = EmojiPin | 'target';

export interface PinStyle {
  label: string;
  /** The pin's body; the glyph is drawn in ink on it, so each colour is light enough for that. */
  colour: string;
  glyph: LucideIcon;
}

export const PIN_INK = '#0b0b12';

export const PIN_STYLES: Record<PinKind, PinStyle> = {
  tag: { label: EMOJI_PINS.tag.label, colour: '#ff2d95', glyph: Tag },
  location: { label: EMOJI_PINS.location.label, colour: '#22d3ee', glyph: LocateFixed },
  marker: { label: EMOJI_PINS.marker.label, colour: '#c084fc', glyph: Pencil },
  flag: { label: EMOJI_PINS.flag.label, colour: '#a3e635', glyph: Flag },
  hot_spot: { label: EMOJI_PINS.hot_spot.label, colour: '#fb923c', glyph: Flame },
  target: { label: 'Target', colour: '#f4f4f5', glyph: Target },
};

export const PIN_KINDS = Object.keys(PIN_STYLES) as PinKind[];

/**
 * The icon for a stored pin name. A name the client does not know (older data) gets `fallback`:
 * Location, the SPEC's default pin type, unless the caller has a better one (a mission's target).
 */
export function pinKindOf(name: string, fallback: PinKind = 'location'): PinKind {
  return Object.hasOwn(EMOJI_PINS, name) ? (name as EmojiPin) : fallback;
}
