import { useMutation } from '@tanstack/react-query';
import type { DeleteAccount } from '../../../../core/schemas/account.ts';
import { apiRequest } from '../../../lib/query-client.ts';

const FILENAME = /filename="([^"]+)"/;

/**
 * Fetches the data download (GET /api/profile/export) and hands it to the browser as a file
 * named as the server says; failures throw like every other request (SPEC §8).
 */
export async function downloadMyData(): Promise<void> {
  const res = await apiRequest('GET', '/api/profile/export');
  const name =
    FILENAME.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'streetscope-data.zip';
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** DELETE /api/profile: the account goes, the session with it. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (confirmation: DeleteAccount) => {
      await apiRequest('DELETE', '/api/profile', confirmation);
    },
  });
}
