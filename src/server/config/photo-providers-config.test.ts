import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** DROPBOX_APP_KEY and GOOGLE_PICKER_*: a provider is offered only when its keys are set. */
describe('photo providers', () => {
  it('offers none unless set', () => {
    expect(loadConfig({}).photoProviders).toEqual({
      dropbox: null,
      googleDrive: null,
      testOrigin: null,
    });
  });

  it('offers each whose keys are set, the Picker with its project number', () => {
    const config = loadConfig({
      DROPBOX_APP_KEY: 'abc123xyz',
      GOOGLE_PICKER_CLIENT_ID: '842910-a1b2c3.apps.googleusercontent.com',
      GOOGLE_PICKER_API_KEY: 'AIzaSyTestKey',
      PHOTO_PROVIDERS_TEST_ORIGIN: 'http://127.0.0.1:4471',
    });
    expect(config.photoProviders).toEqual({
      dropbox: { appKey: 'abc123xyz' },
      googleDrive: {
        clientId: '842910-a1b2c3.apps.googleusercontent.com',
        apiKey: 'AIzaSyTestKey',
        appId: '842910',
      },
      testOrigin: 'http://127.0.0.1:4471',
    });
  });

  it.each([
    [{ GOOGLE_PICKER_CLIENT_ID: '842910-a.apps.googleusercontent.com' }, /set .* together/],
    [{ GOOGLE_PICKER_API_KEY: 'AIzaSyTestKey' }, /set .* together/],
    [
      { GOOGLE_PICKER_CLIENT_ID: 'my-client', GOOGLE_PICKER_API_KEY: 'AIzaSyTestKey' },
      /must be an OAuth client id/,
    ],
    [{ DROPBOX_APP_KEY: 'two words' }, /DROPBOX_APP_KEY: must be the app key/],
    [{ PHOTO_PROVIDERS_TEST_ORIGIN: 'https://www.googleapis.com' }, /not an http\(s\) origin on/],
    [{ PHOTO_PROVIDERS_TEST_ORIGIN: 'http://127.0.0.1:0' }, /one origin with its port/],
    [
      { PHOTO_PROVIDERS_TEST_ORIGIN: 'http://127.0.0.1:4471', NODE_ENV: 'production' },
      /for tests only and refused when NODE_ENV=production/,
    ],
  ])('refuses %o at start-up', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
