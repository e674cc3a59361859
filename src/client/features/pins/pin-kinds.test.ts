import { describe, expect, it } from 'vitest';
import { EMOJI_PIN_IDS, EMOJI_PINS } from '../../../core/constants.ts';
import { PIN_KINDS, PIN_STYLES, pinKindOf } from './pin-kinds.ts';

describe('pin icons', () => {
  it('draw every SPEC pin type under its own name, with its own glyph and colour', () => {
    for (const pin of EMOJI_PIN_IDS) {
      expect(pinKindOf(pin)).toBe(pin);
      expect(PIN_STYLES[pin].label).toBe(EMOJI_PINS[pin].label);
    }
    expect(new Set(PIN_KINDS.map((k) => PIN_STYLES[k].glyph)).size).toBe(PIN_KINDS.length);
    expect(new Set(PIN_KINDS.map((k) => PIN_STYLES[k].colour)).size).toBe(PIN_KINDS.length);
  });

  it('have a mission target of their own', () => {
    expect(PIN_KINDS).toEqual([...EMOJI_PIN_IDS, 'target']);
    expect(PIN_STYLES.target.label).toBe('Target');
  });

  it('draw a pin name they do not know as Location, or as the fallback asked for', () => {
    expect(pinKindOf('🎨')).toBe('location');
    expect(pinKindOf('unicorn')).toBe('location');
    expect(pinKindOf('')).toBe('location');
    expect(pinKindOf('toString')).toBe('location');
    expect(pinKindOf('unicorn', 'target')).toBe('target');
    expect(pinKindOf('flag', 'target')).toBe('flag');
  });
});
