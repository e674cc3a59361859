import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { deviceLabel } from './device-label.ts';
import type { SessionPlace } from './sessions.ts';

/** Cloudflare's "unknown" and "Tor" codes name no country. */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

/**
 * The country a trusted proxy put in CF-IPCountry. Only a request that came through one of the
 * configured proxies (Fastify accepted its X-Forwarded-For, so `ips` has more than the peer) is
 * believed: anyone else could write the header themselves.
 */
export function requestCountry(request: FastifyRequest, config: Config): string | null {
  if (!config.trustProxy || (request.ips?.length ?? 0) < 2) return null;
  const value = request.headers['cf-ipcountry'];
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
}

export function sessionPlace(request: FastifyRequest, config: Config): SessionPlace {
  return {
    device: deviceLabel(request.headers['user-agent']),
    country: requestCountry(request, config),
  };
}
