import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CompletedUpload } from '../../../core/schemas/objects.ts';
import { configQuery } from '../../api/config.ts';
import { Button } from '../../components/ui/button.tsx';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { apiRequest, serverMessage } from '../../lib/query-client.ts';
import {
  PickerUnavailableError,
  chooseFromDropbox,
  chooseFromGoogleDrive,
} from './cloud-pickers.ts';
import type { PhotoFieldProps } from './photo-field-types.ts';
import { DropboxIcon, GoogleDriveIcon } from './provider-icons.tsx';

type Chosen = NonNullable<
  Awaited<ReturnType<typeof chooseFromDropbox | typeof chooseFromGoogleDrive>>
>;

interface Source {
  name: 'Dropbox' | 'Google Drive';
  icon: ReactNode;
  choose: () => Promise<Chosen | null>;
}

/**
 * "From Dropbox" and "From Google Drive" (docs/decisions/054-photos-from-cloud-folders.md):
 * shown only for the providers this server has keys for. The provider's own picker chooses one
 * image; the server fetches it from the provider and checks it like an upload.
 */
export function PhotoFromCloud({
  purpose,
  onPhotoChange,
  onPhaseChange,
  disabled = false,
}: Pick<PhotoFieldProps, 'purpose' | 'onPhotoChange' | 'onPhaseChange' | 'disabled'>) {
  const { data: config } = useQuery(configQuery);
  const [busy, setBusy] = useState<{ name: Source['name']; fetching: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { dropbox, googleDrive } = config?.uploads.providers ?? {};
  const sources: Source[] = [
    ...(dropbox
      ? [
          {
            name: 'Dropbox' as const,
            icon: <DropboxIcon />,
            choose: () => chooseFromDropbox(dropbox),
          },
        ]
      : []),
    ...(googleDrive
      ? [
          {
            name: 'Google Drive' as const,
            icon: <GoogleDriveIcon />,
            choose: () => chooseFromGoogleDrive(googleDrive),
          },
        ]
      : []),
  ];
  if (sources.length === 0) return null;

  async function bring({ name, choose }: Source) {
    setBusy({ name, fetching: false });
    setError(null);
    try {
      const chosen = await choose();
      if (!chosen) return;
      setBusy({ name, fetching: true });
      onPhaseChange?.('processing');
      const res = await apiRequest('POST', '/api/objects/import/provider', { ...chosen, purpose });
      onPhotoChange((await res.json()) as CompletedUpload);
    } catch (err) {
      if (handleUnauthorized(err)) return;
      setError(
        err instanceof PickerUnavailableError
          ? `${name} could not be opened. Check your connection and try again.`
          : (serverMessage(err) ?? 'That photo could not be fetched. Please try again.'),
      );
    } finally {
      setBusy(null);
      onPhaseChange?.('idle');
    }
  }

  return (
    <div className="-mt-1 flex flex-wrap gap-1">
      {sources.map((source) => {
        const fetching = busy?.name === source.name && busy.fetching;
        return (
          <Button
            key={source.name}
            type="button"
            variant="ghost"
            size="sm"
            className="text-neon-cyan"
            disabled={disabled || busy !== null}
            onClick={() => void bring(source)}
          >
            {fetching ? <LoaderCircle className="animate-spin" aria-hidden /> : source.icon}
            {fetching ? 'Fetching...' : `From ${source.name}`}
          </Button>
        );
      })}
      {error && (
        <p role="alert" className="basis-full px-3 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
