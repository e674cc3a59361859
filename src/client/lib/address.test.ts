import { describe, expect, it } from 'vitest';
import { headerAddress, shortAddress } from './address.ts';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

describe('address display (SPEC §9)', () => {
  it('shows the first 6 and last 4 characters in toasts and on the landing page', () => {
    expect(shortAddress(ADDRESS)).toBe('0x1234...5678');
  });

  it('shows the first 4 characters and an ellipsis in the map home header', () => {
    expect(headerAddress(ADDRESS)).toBe('0x12...');
  });

  it('leaves a string too short to shorten alone', () => {
    expect(shortAddress('0x12')).toBe('0x12');
  });
});
