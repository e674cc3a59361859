import { describe, expect, it } from 'vitest';
import { RETURN_TO_MAX_LENGTH, safeReturnTo } from './return-path.ts';

describe('safeReturnTo', () => {
  it('keeps a path on our own site, with its query', () => {
    expect(safeReturnTo('/profile')).toBe('/profile');
    expect(safeReturnTo('/missions?q=walls')).toBe('/missions?q=walls');
    expect(safeReturnTo('/')).toBe('/');
  });

  it.each([
    'https://evil.example',
    'http://evil.example/profile',
    '//evil.example',
    '//evil.example/profile',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n\\evil.example',
    '/.//evil.example',
    '/a/../..//evil.example',
    'javascript:alert(1)',
    ' /profile',
    'profile',
    '',
  ])('refuses %j: back to /', (bad) => {
    expect(safeReturnTo(bad)).toBe('/');
  });

  it('leaves percent-encoded slashes and backslashes as a plain path on our site', () => {
    for (const tricky of ['/%2F%2Fevil.example', '/%5Cevil.example', '/%2f/evil.example']) {
      const path = safeReturnTo(tricky);
      expect(path.startsWith('/')).toBe(true);
      expect(path.startsWith('//')).toBe(false);
      expect(new URL(path, 'https://streetscope.example').host).toBe('streetscope.example');
    }
  });

  it('refuses what is not a string or is too long', () => {
    for (const bad of [undefined, null, 42, ['/profile'], { path: '/profile' }]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
    expect(safeReturnTo(`/${'a'.repeat(RETURN_TO_MAX_LENGTH)}`)).toBe('/');
  });
});
