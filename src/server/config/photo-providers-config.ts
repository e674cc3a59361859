import { testOriginsOf } from './push-config.ts';

/**
 * Photos from cloud folders (docs/decisions/054-photos-from-cloud-folders.md): each provider is
 * offered only when its keys are set. The keys are public by design (they ride in the page);
 * what the server needs is to know which providers it may fetch from.
 */
export interface PhotoProvidersConfig {
  /** The Dropbox Chooser's app key (DROPBOX_APP_KEY). */
  dropbox: { appKey: string } | null;
  /**
   * The Google Picker's OAuth client id and browser API key (GOOGLE_PICKER_CLIENT_ID,
   * GOOGLE_PICKER_API_KEY); appId is the Cloud project number at the front of the client id,
   * which the Picker needs so a `drive.file` token may read the chosen file.
   */
  googleDrive: { clientId: string; apiKey: string; appId: string } | null;
  /**
   * Test only (PHOTO_PROVIDERS_TEST_ORIGIN): one origin on this machine standing in for the
   * providers' hosts, the Drive API under /drive/v3 and Dropbox links on it accepted.
   */
  testOrigin: string | null;
}

const KEY = /^[\x21-\x7e]{1,200}$/;
const CLIENT_ID = /^(\d{1,30})-[\w.-]{1,200}$/;

/** The providers' settings and every problem found, each as "  VARIABLE: message". */
export function photoProvidersFromEnv(env: NodeJS.ProcessEnv): {
  photoProviders: PhotoProvidersConfig;
  problems: string[];
} {
  const problems: string[] = [];
  const appKey = env.DROPBOX_APP_KEY?.trim();
  if (appKey && !KEY.test(appKey)) {
    problems.push('  DROPBOX_APP_KEY: must be the app key from the Dropbox App Console');
  }
  const clientId = env.GOOGLE_PICKER_CLIENT_ID?.trim();
  const apiKey = env.GOOGLE_PICKER_API_KEY?.trim();
  const appId = clientId ? CLIENT_ID.exec(clientId)?.[1] : undefined;
  if (Boolean(clientId) !== Boolean(apiKey)) {
    problems.push(
      '  GOOGLE_PICKER_*: set GOOGLE_PICKER_CLIENT_ID and GOOGLE_PICKER_API_KEY together',
    );
  } else if (clientId && !appId) {
    problems.push(
      '  GOOGLE_PICKER_CLIENT_ID: must be an OAuth client id (<project number>-….apps.googleusercontent.com)',
    );
  } else if (apiKey && !KEY.test(apiKey)) {
    problems.push('  GOOGLE_PICKER_API_KEY: must be an API key from the Google Cloud console');
  }
  const [testOrigin = null, ...more] = testOriginsOf(
    'PHOTO_PROVIDERS_TEST_ORIGIN',
    env.PHOTO_PROVIDERS_TEST_ORIGIN,
    problems,
  );
  if (more.length > 0 || testOrigin?.endsWith(':0')) {
    problems.push('  PHOTO_PROVIDERS_TEST_ORIGIN: must be one origin with its port');
  }
  if (testOrigin && env.NODE_ENV === 'production') {
    problems.push(
      '  PHOTO_PROVIDERS_TEST_ORIGIN: is for tests only and refused when NODE_ENV=production',
    );
  }
  return {
    photoProviders: {
      dropbox: appKey ? { appKey } : null,
      googleDrive: clientId && apiKey && appId ? { clientId, apiKey, appId } : null,
      testOrigin,
    },
    problems,
  };
}
