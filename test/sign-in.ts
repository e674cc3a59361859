import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Player } from './app.ts';

export const PASSWORD = 'spray-paint-rules-42';

/** Signs in to an existing account as another browser would (its own session). */
export async function signInAgain(
  app: FastifyInstance,
  player: Pick<Player, 'id' | 'username'>,
  options: { password?: string; headers?: InjectOptions['headers']; remoteAddress?: string } = {},
): Promise<Player> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: options.headers,
    remoteAddress: options.remoteAddress,
    payload: { username: player.username, password: options.password ?? PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionFrom(app, player, res);
}

/** The player as the browser that got this answer's session cookie. */
export function sessionFrom(
  app: FastifyInstance,
  player: Pick<Player, 'id' | 'username'>,
  res: LightMyRequestResponse,
): Player {
  const cookie = `ss_session=${res.cookies.find((c) => c.name === 'ss_session')!.value}`;
  return {
    id: player.id,
    username: player.username,
    cookie,
    request: (opts) => app.inject({ ...opts, headers: { ...opts.headers, cookie } }),
  };
}

/** The session's player, or the status when it has none. */
export async function whoIs(player: Player): Promise<string | number> {
  const res = await player.request({ url: '/api/auth/user' });
  return res.statusCode === 200 ? res.json<{ id: string }>().id : res.statusCode;
}
