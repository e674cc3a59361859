import { QueryClient, type QueryFunction } from '@tanstack/react-query';

/** SPEC §8: a non-OK response becomes an Error "<status>: <body text or status text>". */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** The server's `message` from an error thrown above ("409: {"message":"…"}"), or null. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: (.*)$/s.exec(error.message);
  if (!match) return null;
  try {
    return (JSON.parse(match[1] ?? '') as { message?: string }).message ?? null;
  } catch {
    return null;
  }
}

/**
 * The server's words for a refusal the player must read as it is (403: a suspended account says
 * until when), or null for any other failure.
 */
export function refusalMessage(error: unknown): string | null {
  return error instanceof Error && error.message.startsWith('403:') ? serverMessage(error) : null;
}

/** SPEC §7: credentials always included; a JSON body only when there is data. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { ...headers, 'Content-Type': 'application/json' } : headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default GET: the path is the query key joined by "/"; a 401 throws or yields null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** SPEC §9: no interval, no refetch on focus, never stale, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/** True for the Error thrown for a 401 answer. */
export const isUnauthorizedError = (error: unknown): boolean =>
  error instanceof Error && /^401: /.test(error.message);
