import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the real server (src/server/main.ts through tsx) as an OS process with its own
 * DATA_DIR, for tests about start-up, shutdown, crashes and the data-directory lock. The
 * database is the embedded one unless `env` sets DATABASE_URL.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(ROOT, 'src/server/main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  port: number;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): { stdout: string; stderr: string };
  exited: Promise<Exit>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

const running = new Set<ServerProcess>();

export function spawnServer(
  dataDir: string,
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  };
  // The embedded database, whatever the suite runs against, unless the test says otherwise.
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const proc: ServerProcess = {
    port,
    pid: child.pid!,
    child,
    output: () => ({ stdout, stderr }),
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  running.add(proc);
  void exited.then(() => running.delete(proc));
  return proc;
}

/** Starts a server and waits until /readyz answers 200. */
export async function startServer(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 45_000,
): Promise<ServerProcess> {
  const proc = spawnServer(dataDir, await freePort(), env);
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | null = null;
  void proc.exited.then((e) => (exit = e));
  while (Date.now() < deadline) {
    if (exit) break;
    try {
      const res = await request(proc.port, { path: '/readyz' });
      if (res.status === 200) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await proc.stop('SIGKILL');
  const { stdout, stderr } = proc.output();
  throw new Error(
    `server did not become ready (exit ${JSON.stringify(exit)})\nstdout:\n${stdout}\nstderr:\n${stderr}`,
  );
}

/** Kills every server a test left running (only processes this helper started). */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop('SIGKILL')));
}

export interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = unknown>(): T;
  /** The value of a Set-Cookie cookie, if the response set it. */
  cookie(name: string): string | undefined;
}

export interface RequestOptions {
  method?: string;
  path: string;
  /** Sent as JSON, or as they are when bytes. */
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /** Called once the whole request has been handed to the kernel. */
  onSent?: () => void;
}

export function request(port: number, opts: RequestOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { body } = opts;
    const bytes = Buffer.isBuffer(body);
    const payload = body === undefined ? undefined : bytes ? body : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        agent: false,
        headers: {
          ...(payload
            ? {
                'content-type': bytes ? 'application/octet-stream' : 'application/json',
                'content-length': Buffer.byteLength(payload),
              }
            : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (s: string) => (text += s));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
            cookie: (name) => {
              for (const line of res.headers['set-cookie'] ?? []) {
                const [pair] = line.split(';');
                const eq = pair!.indexOf('=');
                if (pair!.slice(0, eq) === name) return pair!.slice(eq + 1);
              }
              return undefined;
            },
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.onSent) req.on('finish', opts.onSent);
    req.end(payload);
  });
}
