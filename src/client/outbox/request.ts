import { classify, messageOf, type Outcome } from './kinds.ts';

/** A request with no answer by then counts as a network failure, retried with the same key. */
const TIMEOUT_MS = 30_000;

/**
 * One outbox request. Never throws: a network failure, a timeout or a gateway answer is
 * `network`, the server's refusal carries its message.
 */
export async function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { key?: string; json?: unknown; blob?: Blob },
): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (options.key) headers['Idempotency-Key'] = options.key;
  let body: BodyInit | undefined;
  if (options.blob) {
    headers['Content-Type'] = options.blob.type || 'application/octet-stream';
    body = options.blob;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let res: Response;
  try {
    // Same-origin credentials: the cookie reaches our routes, never a bucket's presigned link.
    res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return { kind: 'network' };
  }
  if (res.ok) {
    const text = await res.text().catch(() => null);
    if (text === null) return { kind: 'network' };
    return { kind: 'ok', json: text ? (JSON.parse(text) as unknown) : null };
  }
  const text = await res.text().catch(() => '');
  return classify(res.status, messageOf(res.status, text), res.headers.has('retry-after'));
}
