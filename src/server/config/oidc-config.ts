/**
 * OpenID Connect providers from the environment (docs/decisions/035-openid-connect.md): one as
 * OIDC_ISSUER_URL / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET (+ OIDC_NAME, OIDC_ID), several as
 * OIDC_1_ISSUER_URL, OIDC_2_ISSUER_URL, … with the same suffixes.
 */

export interface OidcProviderConfig {
  /** In the redirect URI and the sign-in button's link: stable once registered. */
  id: string;
  /** "Continue with <name>". */
  name: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

const FIELDS = ['ISSUER_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'NAME', 'ID'] as const;
type Field = (typeof FIELDS)[number];
const KEY = new RegExp(`^OIDC_(?:(\\d{1,2})_)?(${FIELDS.join('|')})$`);
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);

/** Plain http only for a provider on this machine (a local test provider). */
function issuerProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'must be an https:// URL (http only for localhost)';
}

/** The providers and every problem found, each as "  VARIABLE: message". */
export function oidcProvidersFromEnv(env: NodeJS.ProcessEnv): {
  providers: OidcProviderConfig[];
  problems: string[];
} {
  const groups = new Map<string, Partial<Record<Field, string>>>();
  const problems: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (!key.startsWith('OIDC_') || value === undefined || value === '') continue;
    const match = KEY.exec(key);
    if (!match) {
      problems.push(`  ${key}: not a known variable (OIDC_[n_]${FIELDS.join('|')})`);
      continue;
    }
    const prefix = match[1] ? `OIDC_${match[1]}_` : 'OIDC_';
    const group = groups.get(prefix) ?? {};
    group[match[2] as Field] = value.trim();
    groups.set(prefix, group);
  }
  const providers: OidcProviderConfig[] = [];
  const sorted = [...groups.entries()].sort(([a], [b]) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  for (const [prefix, g] of sorted) {
    const missing = (['ISSUER_URL', 'CLIENT_ID', 'CLIENT_SECRET'] as const).filter((f) => !g[f]);
    if (missing.length > 0) {
      problems.push(
        `  ${prefix}*: set ${prefix}ISSUER_URL, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET together (missing ${missing.map((f) => prefix + f).join(', ')})`,
      );
      continue;
    }
    const issuer = issuerProblem(g.ISSUER_URL!);
    if (issuer) {
      problems.push(`  ${prefix}ISSUER_URL: ${issuer}`);
      continue;
    }
    const name = g.NAME ?? new URL(g.ISSUER_URL!).hostname;
    if (name.length > 40) problems.push(`  ${prefix}NAME: must be at most 40 characters`);
    const fallbackId = prefix === 'OIDC_' ? 'oidc' : `oidc-${prefix.slice(5, -1)}`;
    const id = g.ID ?? (slug(name) || fallbackId);
    if (!ID_PATTERN.test(id) || id === 'username') {
      problems.push(
        `  ${prefix}ID: must be 1–32 lower-case letters, digits or dashes, not "username" (it is part of the redirect URI)`,
      );
    }
    providers.push({
      id,
      name,
      issuerUrl: g.ISSUER_URL!,
      clientId: g.CLIENT_ID!,
      clientSecret: g.CLIENT_SECRET!,
    });
  }
  const seenIds = new Set<string>();
  const seenIssuers = new Set<string>();
  for (const p of providers) {
    if (seenIds.has(p.id)) {
      problems.push(`  OIDC_*_ID: two providers share the id "${p.id}"; give one an OIDC_n_ID`);
    }
    const issuer = p.issuerUrl.replace(/\/$/, '');
    if (seenIssuers.has(issuer)) {
      problems.push(`  OIDC_*_ISSUER_URL: ${p.issuerUrl} is configured twice`);
    }
    seenIds.add(p.id);
    seenIssuers.add(issuer);
  }
  return { providers, problems };
}

/** An issuer as configured and as a provider may write it in its tokens (with or without "/"). */
export function issuerForms(issuerUrl: string): string[] {
  const bare = issuerUrl.replace(/\/+$/, '');
  return [bare, `${bare}/`];
}
