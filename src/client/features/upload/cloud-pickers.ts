import type { PublicConfig } from '../../../core/schemas/config.ts';

/**
 * The providers' own pickers (docs/decisions/054-photos-from-cloud-folders.md): the Dropbox
 * Chooser and the Google Picker with a `drive.file` token from Google's sign-in. Their scripts
 * load only when a player asks for one; each resolves with what the server needs to fetch the
 * chosen photo, or null when the player closed the picker.
 */

type Providers = PublicConfig['uploads']['providers'];

export const DROPINS_SCRIPT = 'https://www.dropbox.com/static/api/2/dropins.js';
export const GOOGLE_API_SCRIPT = 'https://apis.google.com/js/api.js';
export const GOOGLE_SIGN_IN_SCRIPT = 'https://accounts.google.com/gsi/client';
const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
/** The Picker shows an error page that never calls back when it cannot load (blocked cookies). */
const PICKER_LOAD_TIMEOUT_MS = 15_000;

/** A provider's script or window could not be reached: the player is told, nothing is sent. */
export class PickerUnavailableError extends Error {}

interface DropboxFile {
  link: string;
  name: string;
  bytes: number;
}

interface DropboxChooser {
  choose(options: {
    linkType: 'direct';
    multiselect: false;
    extensions: string[];
    success: (files: DropboxFile[]) => void;
    cancel: () => void;
  }): void;
}

interface TokenResponse {
  access_token?: string;
  error?: string;
}

interface PickerBuilder {
  addView(view: unknown): PickerBuilder;
  setOAuthToken(token: string): PickerBuilder;
  setDeveloperKey(key: string): PickerBuilder;
  setAppId(id: string): PickerBuilder;
  setCallback(callback: (data: { action: string; docs?: { id: string }[] }) => void): PickerBuilder;
  build(): { setVisible(visible: boolean): void; dispose(): void };
}

interface GooglePicker {
  PickerBuilder: new () => PickerBuilder;
  DocsView: new (viewId: string) => { setIncludeFolders(on: boolean): unknown };
  ViewId: { DOCS_IMAGES: string };
  Action: { PICKED: string; CANCEL: string; LOADED: string; ERROR: string };
}

declare global {
  interface Window {
    Dropbox?: DropboxChooser;
    gapi?: { load(api: string, done: { callback: () => void; onerror: () => void }): void };
    google?: {
      accounts: {
        oauth2: {
          initTokenClient(options: {
            client_id: string;
            scope: string;
            callback: (response: TokenResponse) => void;
            error_callback: (error: { type: string }) => void;
          }): { requestAccessToken(options?: { prompt?: string }): void };
        };
      };
      picker?: GooglePicker;
    };
  }
}

const loaded = new Map<string, Promise<void>>();

/** Adds a script to the page once; a failed load may be tried again later. */
function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const known = loaded.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loaded.delete(src);
      reject(new PickerUnavailableError(src));
    };
    document.head.append(script);
  });
  loaded.set(src, loading);
  return loading;
}

/** One image from the player's Dropbox, as a direct link to its bytes. */
export async function chooseFromDropbox(
  dropbox: NonNullable<Providers['dropbox']>,
): Promise<{ provider: 'dropbox'; link: string } | null> {
  // The Chooser reads its app key from its own script tag.
  await loadScript(DROPINS_SCRIPT, { id: 'dropboxjs', 'data-app-key': dropbox.appKey });
  const chooser = window.Dropbox;
  if (!chooser) throw new PickerUnavailableError(DROPINS_SCRIPT);
  const link = await new Promise<string | null>((resolve) =>
    chooser.choose({
      linkType: 'direct',
      multiselect: false,
      extensions: ['images'],
      success: (files) => resolve(files[0]?.link ?? null),
      cancel: () => resolve(null),
    }),
  );
  return link ? { provider: 'dropbox', link } : null;
}

/** A `drive.file` token from Google's sign-in popup; null when the player closed it. */
function driveToken(clientId: string): Promise<string | null> {
  const oauth2 = window.google?.accounts.oauth2;
  if (!oauth2) return Promise.reject(new PickerUnavailableError(GOOGLE_SIGN_IN_SCRIPT));
  return new Promise((resolve, reject) => {
    oauth2
      .initTokenClient({
        client_id: clientId,
        scope: DRIVE_FILE_SCOPE,
        callback: (response) => resolve(response.access_token ?? null),
        error_callback: (error) =>
          error.type === 'popup_closed'
            ? resolve(null)
            : reject(new PickerUnavailableError(error.type)),
      })
      .requestAccessToken({ prompt: '' });
  });
}

/** The Picker module of Google's API loader. */
async function pickerApi(): Promise<GooglePicker> {
  await loadScript(GOOGLE_API_SCRIPT);
  const gapi = window.gapi;
  if (!gapi) throw new PickerUnavailableError(GOOGLE_API_SCRIPT);
  await new Promise<void>((callback, fail) =>
    gapi.load('picker', { callback, onerror: () => fail(new PickerUnavailableError('picker')) }),
  );
  const picker = window.google?.picker;
  if (!picker) throw new PickerUnavailableError('picker');
  return picker;
}

/** One image from the player's Google Drive, with the token the server downloads it with. */
export async function chooseFromGoogleDrive(
  drive: NonNullable<Providers['googleDrive']>,
): Promise<{ provider: 'google-drive'; fileId: string; accessToken: string } | null> {
  const [picker] = await Promise.all([pickerApi(), loadScript(GOOGLE_SIGN_IN_SCRIPT)]);
  const accessToken = await driveToken(drive.clientId);
  if (!accessToken) return null;
  const fileId = await new Promise<string | null>((resolve, reject) => {
    const view = new picker.DocsView(picker.ViewId.DOCS_IMAGES);
    view.setIncludeFolders(true);
    const dialog = new picker.PickerBuilder()
      .addView(view)
      .setOAuthToken(accessToken)
      .setDeveloperKey(drive.apiKey)
      // With drive.file the token may read a file only if it was picked for this project.
      .setAppId(drive.appId)
      .setCallback((data) => {
        // Any word from the Picker means it loaded.
        clearTimeout(stalled);
        if (data.action === picker.Action.PICKED) resolve(data.docs?.[0]?.id ?? null);
        else if (data.action === picker.Action.CANCEL) resolve(null);
        else if (data.action === picker.Action.ERROR) fail();
      })
      .build();
    const fail = () => {
      dialog.dispose();
      reject(new PickerUnavailableError('picker'));
    };
    const stalled = setTimeout(fail, PICKER_LOAD_TIMEOUT_MS);
    dialog.setVisible(true);
  });
  return fileId ? { provider: 'google-drive', fileId, accessToken } : null;
}
