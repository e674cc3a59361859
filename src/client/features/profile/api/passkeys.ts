import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import type { Passkey } from '../../../../core/schemas/passkeys.ts';
import { apiRequest } from '../../../lib/query-client.ts';

/** Query keys are the request paths (SPEC §7). */
const passkeysKey = ['/api/profile/passkeys'] as const;

export const passkeysQuery = queryOptions<Passkey[]>({ queryKey: passkeysKey });

/** The browser said no (the player cancelled, or the device has no way to make a passkey). */
export class PasskeyNotMade extends Error {}

function useAfter<T, V>(mutationFn: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A passkey is also a way in that the sign-in methods card counts.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/profile/sign-in-methods'] }),
      ]),
  });
}

/** Options from the server, the device makes the passkey, the server checks and keeps it. */
export const useAddPasskey = () =>
  useAfter(async (): Promise<Passkey> => {
    const res = await apiRequest('POST', '/api/profile/passkeys/options');
    const { options } = (await res.json()) as { options: PublicKeyCredentialCreationOptionsJSON };
    const response = await startRegistration({ optionsJSON: options }).catch((err: unknown) => {
      throw new PasskeyNotMade(err instanceof Error ? err.message : String(err));
    });
    return (await apiRequest('POST', '/api/profile/passkeys', { response }).then((r) =>
      r.json(),
    )) as Passkey;
  });

/** PATCH /api/profile/passkeys/:id */
export const useRenamePasskey = () =>
  useAfter(async ({ id, name }: { id: string; name: string }) => {
    await apiRequest('PATCH', `/api/profile/passkeys/${encodeURIComponent(id)}`, { name });
  });

/** DELETE /api/profile/passkeys/:id */
export const useRemovePasskey = () =>
  useAfter(async (id: string) => {
    await apiRequest('DELETE', `/api/profile/passkeys/${encodeURIComponent(id)}`);
  });
