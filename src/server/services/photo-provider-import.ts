import type { CompletedUpload } from '../../core/schemas/objects.ts';
import type { ProviderImportRequest } from '../../core/schemas/photo-import.ts';
import type { PhotoProvidersConfig } from '../config/photo-providers-config.ts';
import type { Db } from '../db/client.ts';
import { forbidden } from '../errors.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { importFetched } from './photo-import.ts';

/** Dropbox's content hosts: the Chooser's direct links and where they redirect. */
const isDropboxContent = (url: URL) =>
  url.protocol === 'https:' && url.hostname.endsWith('.dropboxusercontent.com');

/** The Drive API, and the content host Google may send a download on to. */
const isGoogleDriveContent = (url: URL) =>
  url.protocol === 'https:' &&
  (url.hostname === 'www.googleapis.com' || url.hostname.endsWith('.googleusercontent.com'));

const DRIVE_API = 'https://www.googleapis.com';

/** What a Drive error answer means to the player; the token itself is never repeated. */
function driveAnswered(status: number): string {
  if (status === 401) {
    return 'Google Drive did not accept the sign-in for that photo. Please choose it again.';
  }
  if (status === 403 || status === 404) {
    return 'Google Drive did not let us read that photo. Please choose it again from Google Drive.';
  }
  return `Google Drive answered ${status}, not a photo. Please try again.`;
}

/**
 * A photo chosen in a cloud folder (docs/decisions/054-photos-from-cloud-folders.md): only from
 * a provider this server offers, only from that provider's own hosts, and then the very import
 * a link goes through (private addresses, redirects, size, the upload's checks).
 */
export async function importFromProvider(
  db: Db,
  store: ObjectStore,
  userId: string,
  request: ProviderImportRequest,
  providers: PhotoProvidersConfig,
): Promise<CompletedUpload> {
  // The test origin stands in for the provider's hosts, and is reachable though local.
  const testOrigin = providers.testOrigin;
  const allowedOrigins = testOrigin ? [testOrigin] : [];
  const onTestOrigin = (url: URL) => url.origin === testOrigin;

  if (request.provider === 'dropbox') {
    if (!providers.dropbox) throw forbidden('Photos from Dropbox are not offered on this server.');
    return importFetched(db, store, userId, request.purpose, request.link, {
      allowedOrigins,
      onlyHosts: {
        allows: (url) => isDropboxContent(url) || onTestOrigin(url),
        refusal: "Invalid body field 'link': must be a file link from the Dropbox Chooser.",
      },
    });
  }

  if (!providers.googleDrive) {
    throw forbidden('Photos from Google Drive are not offered on this server.');
  }
  const api = testOrigin ?? DRIVE_API;
  return importFetched(
    db,
    store,
    userId,
    request.purpose,
    `${api}/drive/v3/files/${request.fileId}?alt=media`,
    {
      allowedOrigins,
      onlyHosts: {
        allows: (url) => isGoogleDriveContent(url) || onTestOrigin(url),
        refusal: 'Google Drive sent that photo somewhere we do not fetch from.',
      },
      headers: { authorization: `Bearer ${request.accessToken}` },
      answered: driveAnswered,
    },
  );
}
