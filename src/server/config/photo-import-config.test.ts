import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** PHOTO_IMPORT_TEST_ORIGINS: a test's own photo server, never a way in for production. */
describe('PHOTO_IMPORT_TEST_ORIGINS', () => {
  it('is empty unless set: photo links reach public hosts only', () => {
    expect(loadConfig({}).photoImportTestOrigins).toEqual([]);
  });

  it('takes http(s) origins on this machine', () => {
    const config = loadConfig({
      PHOTO_IMPORT_TEST_ORIGINS: 'http://127.0.0.1:4470, http://localhost:0/photos',
    });
    expect(config.photoImportTestOrigins).toEqual(['http://127.0.0.1:4470', 'http://localhost:0']);
  });

  it.each([
    [{ PHOTO_IMPORT_TEST_ORIGINS: 'http://photos.example.com' }, /not an http\(s\) origin on/],
    [{ PHOTO_IMPORT_TEST_ORIGINS: 'ftp://127.0.0.1:21' }, /not an http\(s\) origin on/],
    [
      { PHOTO_IMPORT_TEST_ORIGINS: 'http://127.0.0.1:4470', NODE_ENV: 'production' },
      /for tests only and refused when NODE_ENV=production/,
    ],
  ])('refuses %o at start-up', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
