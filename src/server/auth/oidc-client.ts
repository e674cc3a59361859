import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../config/oidc-config.ts';

/** A provider whose discovery document or token endpoint does not answer. */
export class ProviderDownError extends Error {
  constructor(readonly provider: OidcProviderConfig) {
    super(`${provider.name} is not answering — try again in a few minutes.`);
  }
}

/** How long one call to a provider may take before the player is told it is not answering. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * Each provider's discovered configuration, fetched on first use and kept. A provider that is
 * down at start-up stops nothing: its sign-in says so, and the next one tries discovery again.
 * Simultaneous first uses share one request.
 */
export class OidcClients {
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    readonly providers: readonly OidcProviderConfig[],
    private readonly clockSkewSeconds: number,
  ) {}

  provider(id: string): OidcProviderConfig | undefined {
    return this.providers.find((p) => p.id === id);
  }

  async configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let pending = this.discovered.get(provider.id);
    if (!pending) {
      pending = this.discover(provider);
      this.discovered.set(provider.id, pending);
      // Only a success is kept: a failed discovery is tried again by the next sign-in.
      pending.catch(() => this.discovered.delete(provider.id));
    }
    return pending;
  }

  private async discover(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    const issuer = new URL(provider.issuerUrl);
    try {
      return await oidc.discovery(
        issuer,
        provider.clientId,
        {
          // Only the test settings move our clock; ID tokens are checked to the second.
          [oidc.clockSkew]: this.clockSkewSeconds,
          [oidc.clockTolerance]: 30,
        },
        oidc.ClientSecretBasic(provider.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Config accepts plain http only for a provider on this machine (oidc-config.ts).
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      );
    } catch (err) {
      throw isUnreachable(err) ? new ProviderDownError(provider) : err;
    }
  }
}

/** No answer, or not an answer a provider gives (a proxy's error page, a 5xx). */
export function isUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return true;
  const cause = (err as { cause?: unknown }).cause;
  if (err instanceof TypeError || cause instanceof TypeError) return true;
  if (cause instanceof Response) return cause.status >= 500;
  const code = (err as { code?: string }).code;
  return code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON';
}
