import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldAnswer {
  /** Resolves once the answer has come back from the server and is being held. */
  arrived: Promise<void>;
  release(): void;
}

/**
 * An HTTP proxy in front of a server (the S3 stand-in) that can hold back a chosen answer: the
 * request reaches the server at once and its whole answer is read, then kept until released,
 * so a test can change things while those bytes are on their way to the app. Headers pass
 * through unchanged, so request signatures made for the proxy's address still hold.
 */
export async function startHoldingProxy(target: string) {
  const upstream = new URL(target);
  /** Each hold's `reached`: says the answer arrived, resolves when the test releases it. */
  const holds: { method: string; path: string; reached(): Promise<void> }[] = [];

  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        void (async () => {
          const body = Buffer.concat(await answer.toArray());
          const i = holds.findIndex(
            (h) => h.method === request.method && request.url?.split('?')[0]?.endsWith(h.path),
          );
          if (i >= 0) await holds.splice(i, 1)[0]!.reached();
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          response.end(body);
        })();
      },
    );
    forwarded.on('error', (err) => response.destroy(err));
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Holds the next answer to `method` on a path ending in `path`, until released. */
    hold(method: string, path: string): HeldAnswer {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const reached = () => {
        arrive();
        return released;
      };
      holds.push({ method, path, reached });
      return { arrived, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
