import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BASEMAP_FLAVORS, type ImagerySources } from '../../core/schemas/map.ts';
import { backupFromEnv, type BackupConfig } from './backup-config.ts';
import { basemapFromEnv, mapSourcesFromEnv, type BasemapConfig } from './map-sources.ts';
import { metricsFromEnv, type MetricsConfig } from './metrics-config.ts';
import { oidcProvidersFromEnv, type OidcProviderConfig } from './oidc-config.ts';
import { photoImportTestOriginsFromEnv } from './photo-import-config.ts';
import { passwordHashCostFromEnv } from './password-cost-config.ts';
import { photoProvidersFromEnv, type PhotoProvidersConfig } from './photo-providers-config.ts';
import { pushFromEnv, type PushConfig } from './push-config.ts';

/** "off", or http(s) URL templates separated by spaces or commas. */
const tileTemplates = z
  .string()
  .refine(
    (v) =>
      v.trim() === 'off' ||
      v
        .split(/[\s,]+/)
        .filter(Boolean)
        .every((u) => /^https?:\/\/\S+$/.test(u)),
    'must be "off" or http(s) URL templates separated by spaces or commas',
  )
  .optional();

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix (CIDR) or one of proxy-addr's names for private ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-For to believe: nobody's, or the listed proxies' (addresses, CIDRs, or
 * proxy-addr's private-range names). `true` (every hop) would believe an address a client wrote
 * itself; a hop count cannot tell a proxy from a client that connects directly (Fastify 5 treats
 * one as trusting nobody), so both are refused rather than silently misread.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((v, ctx): TrustProxy => {
    const value = v.trim();
    if (value === 'false' || value === '0' || value === '') return false;
    const entries = value.split(/[\s,]+/).filter(Boolean);
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false or the addresses / CIDRs of the proxies in front of the app, separated by commas (or loopback, linklocal, uniquelocal); "true" or a hop count would believe an X-Forwarded-For a client writes',
    });
    return z.NEVER;
  });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  TRUST_PROXY: trustProxy,
  SEED_CONTENT: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRAILER_YOUTUBE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id')
    .optional(),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  PASSWORD_SIGN_IN: z.enum(['on', 'off']).default('on'),
  UPLOAD_MULTIPART: z.enum(['on', 'off']).default('on'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ESTABLISHED_MIN_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  // How often "near you" notices are looked for (services/near-you.ts); 0 turns them off.
  NEAR_YOU_SWEEP_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  ESTABLISHED_MIN_FINDS: z.coerce.number().int().min(0).max(10_000).default(3),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  // Another Stripe API endpoint (stripe-mock, a local stand-in); Stripe's own when unset.
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // An Ethereum JSON-RPC endpoint: lets smart-contract wallets (ERC-1271) prove an address.
  WALLET_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  MAP_SATELLITE_TILES: tileTemplates,
  MAP_SATELLITE_ATTRIBUTION: z.string().max(500).optional(),
  MAP_STANDARD_SATELLITE_TILES: tileTemplates,
  MAP_STANDARD_SATELLITE_ATTRIBUTION: z.string().max(500).optional(),
  MAP_LABEL_TILES: tileTemplates,
  MAP_LABEL_ATTRIBUTION: z.string().max(500).optional(),
  MAP_TERRAIN_TILES: tileTemplates,
  MAP_TERRAIN_ATTRIBUTION: z.string().max(500).optional(),
  MAP_BUILDINGS_URL: z.union([z.literal('off'), z.url({ protocol: /^https?$/ })]).optional(),
  MAP_BUILDINGS_ATTRIBUTION: z.string().max(500).optional(),
  MAP_STREET_TILES: z
    .string()
    .trim()
    .refine(
      (v) => v === 'off' || /^https?:\/\/\S+$/.test(v),
      'must be "off", a TileJSON http(s) URL or an http(s) {z}/{x}/{y} template',
    )
    .optional(),
  MAP_STREET_ATTRIBUTION: z.string().max(500).optional(),
  MAP_BASEMAP_PMTILES: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .refine(
      (v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^https?:\/\/\S+$/.test(v),
      'must be a .pmtiles file path (relative to DATA_DIR) or an http(s) URL',
    )
    .optional(),
  MAP_BASEMAP_FLAVOR: z.enum(BASEMAP_FLAVORS).default('dark'),
  MAP_BASEMAP_ATTRIBUTION: z.string().max(500).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

/** scrypt cost (ASVS 5.0 appendix C: N ≥ 2^17, r 8, p 1). Only tests pass a cheaper one. */
export interface PasswordHashCost {
  logN: number;
  r: number;
  p: number;
}

export const PRODUCTION_HASH_COST: PasswordHashCost = { logN: 17, r: 8, p: 1 };

/** false, or the proxies' addresses / CIDRs: Fastify's `trustProxy` takes either as is. */
export type TrustProxy = false | string[];

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  logLevel: string;
  /** Behind a load balancer, take the client address from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: TrustProxy;
  sessionTtlMs: number;
  /**
   * The longest a process answers from a session it holds in memory while notifications of
   * changes are late; a sign-out is heard at once otherwise (docs/decisions/028).
   */
  sessionCacheMs: number;
  /**
   * A connection that sends nothing for this long is dropped (a stalled upload frees its link);
   * a whole request may take up to requestTimeoutMs, so a slow but moving upload still finishes.
   */
  idleTimeoutMs: number;
  requestTimeoutMs: number;
  /** Uploads one player may be sending to this process at once (429 beyond). */
  uploadsInFlightPerUser: number;
  /**
   * How long a repeat of a create waits for its first request, still running, before it is
   * answered 409 with Retry-After (docs/decisions/031).
   */
  idempotencyWaitMs: number;
  passwordHashCost: PasswordHashCost;
  rateLimits: {
    /** Wrong passwords from one address, whatever the names (docs/decisions/015). */
    signInPerIp: RateLimitRule;
    /** Wrong passwords for one name from one address. */
    signInPerNameAndIp: RateLimitRule;
    /** Wrong passwords for one name from all addresses together: slows a distributed guesser. */
    signInPerName: RateLimitRule;
    /** Wrong passwords from one of the account's own devices (the only budget that applies). */
    signInPerDevice: RateLimitRule;
    signUpPerIp: RateLimitRule;
    writesPerUser: RateLimitRule;
    uploadsPerUser: RateLimitRule;
    /** Data downloads per player: each reads every photo they uploaded. */
    exportsPerUser: RateLimitRule;
    /** OpenID Connect sign-ins started and finished from one address. */
    oidcPerIp: RateLimitRule;
  };
  /** Built-in username/password accounts (PASSWORD_SIGN_IN); off leaves only the providers. */
  passwordSignIn: boolean;
  /** Resumable multipart uploads for photos over 5 MB (UPLOAD_MULTIPART, docs/decisions/047). */
  multipartUploads: boolean;
  /** OpenID Connect providers offered on the sign-in page (docs/decisions/035). */
  oidcProviders: OidcProviderConfig[];
  /**
   * Seconds added to our clock when checking a provider's ID token times; 0 in production.
   * Tests move it forward to see an expired ID token refused.
   */
  oidcClockSkewSeconds: number;
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | null;
    priceId: string;
    /** Where the Stripe API is reached; null means api.stripe.com. */
    apiUrl: string | null;
  } | null;
  /** JSON-RPC endpoint for ERC-1271 wallet signatures; null verifies plain accounts only. */
  walletRpcUrl: string | null;
  /** The landing page's trailer on YouTube; no trailer section when unset. */
  trailerYoutubeId: string | null;
  /**
   * Whose wall confirmations count toward verifying it: accounts at least this old with at
   * least this many documented finds the fair-play check did not hold (docs/decisions/026).
   */
  established: { minDays: number; minFinds: number };
  /** How often "near you" notices are looked for; null: never (NEAR_YOU_SWEEP_MINUTES=0). */
  nearYouSweepMs: number | null;
  /** Seed starter content on start-up (tests that need an empty catalogue turn it off). */
  seed: boolean;
  /** Imagery, terrain and buildings for the map (MAP_* variables). */
  mapSources: ImagerySources;
  /** The vector street map (MAP_BASEMAP_* variables); null keeps the built-in offline basemap. */
  basemap: BasemapConfig | null;
  /** Photos in an S3-compatible bucket (S3_* variables); null means DATA_DIR/objects. */
  s3: S3Config | null;
  /** The built web client (vite build), served with index.html for every page. */
  clientDir: string;
  /** Web Push's VAPID keys (VAPID_* variables); null turns push off (docs/decisions/042). */
  push: PushConfig | null;
  /** Test only: local http origins accepted as push endpoints (PUSH_TEST_ENDPOINT_ORIGINS). */
  pushTestEndpointOrigins: string[];
  /** Test only: local origins photo links may reach (PHOTO_IMPORT_TEST_ORIGINS). */
  photoImportTestOrigins: string[];
  /** Dropbox and Google Drive, each when its keys are set (docs/decisions/054). */
  photoProviders: PhotoProvidersConfig;
  /** Scheduled backups with retention (BACKUP_* variables); null: only `npm run backup`. */
  backup: BackupConfig | null;
  /** Where GET /metrics is served (METRICS_PORT, METRICS_TOKEN); both null: not at all. */
  metrics: MetricsConfig;
}

export interface S3Config {
  /** Unset for AWS itself; the S3 API URL of R2, MinIO, GCS interop and the like. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO and most S3-compatible servers) rather than in the host name. */
  forcePathStyle: boolean;
}

export const DEFAULT_RATE_LIMITS: Config['rateLimits'] = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInPerNameAndIp: { limit: 10, windowSeconds: 15 * 60 },
  signInPerName: { limit: 100, windowSeconds: 15 * 60 },
  signInPerDevice: { limit: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 20, windowSeconds: 60 * 60 },
  writesPerUser: { limit: 120, windowSeconds: 60 },
  uploadsPerUser: { limit: 60, windowSeconds: 60 },
  exportsPerUser: { limit: 5, windowSeconds: 60 * 60 },
  oidcPerIp: { limit: 60, windowSeconds: 15 * 60 },
};

/** Parses the environment once; throws listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidc = oidcProvidersFromEnv(env);
  if (oidc.problems.length > 0) {
    throw new Error(`Invalid configuration:\n${oidc.problems.join('\n')}`);
  }
  if (e.PASSWORD_SIGN_IN === 'off' && oidc.providers.length === 0) {
    throw new Error(
      'Invalid configuration:\n  PASSWORD_SIGN_IN: off needs an OpenID Connect provider (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET), or nobody could sign in',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const push = pushFromEnv(env, publicUrl);
  if (push.problems.length > 0) {
    throw new Error(`Invalid configuration:\n${push.problems.join('\n')}`);
  }
  const photoImport = photoImportTestOriginsFromEnv(env);
  if (photoImport.problems.length > 0) {
    throw new Error(`Invalid configuration:\n${photoImport.problems.join('\n')}`);
  }
  const hashCost = passwordHashCostFromEnv(env, PRODUCTION_HASH_COST);
  if (hashCost.problems.length > 0) {
    throw new Error(`Invalid configuration:\n${hashCost.problems.join('\n')}`);
  }
  const { photoProviders, problems: providerProblems } = photoProvidersFromEnv(env);
  if (providerProblems.length > 0) {
    throw new Error(`Invalid configuration:\n${providerProblems.join('\n')}`);
  }
  const backup = backupFromEnv(env, path.resolve(e.DATA_DIR));
  if (backup.problems.length > 0) {
    throw new Error(`Invalid configuration:\n${backup.problems.join('\n')}`);
  }
  const metrics = metricsFromEnv(env, e.PORT);
  if (metrics.problems.length > 0) {
    throw new Error(`Invalid configuration:\n${metrics.problems.join('\n')}`);
  }
  const stripeVars = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_PRICE_ID];
  if (stripeVars.some(Boolean) && !stripeVars.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_*: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_PRICE_ID together',
    );
  }
  const s3Vars = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if ((s3Vars.some(Boolean) || e.S3_ENDPOINT) && !s3Vars.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  S3_*: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
    sessionCacheMs: 10_000,
    idleTimeoutMs: 60_000,
    // As long as an upload link is valid.
    requestTimeoutMs: 15 * 60_000,
    // A body may trickle for requestTimeoutMs; this bounds the connections one player holds.
    uploadsInFlightPerUser: 4,
    idempotencyWaitMs: 5_000,
    passwordHashCost: hashCost.cost,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signUpPerIp: { ...DEFAULT_RATE_LIMITS.signUpPerIp, limit: e.SIGNUP_RATE_LIMIT },
    },
    passwordSignIn: e.PASSWORD_SIGN_IN === 'on',
    multipartUploads: e.UPLOAD_MULTIPART === 'on',
    oidcProviders: oidc.providers,
    oidcClockSkewSeconds: 0,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_PRICE_ID
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            priceId: e.STRIPE_PRICE_ID,
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
    walletRpcUrl: e.WALLET_RPC_URL ?? null,
    trailerYoutubeId: e.TRAILER_YOUTUBE_ID ?? null,
    established: { minDays: e.ESTABLISHED_MIN_DAYS, minFinds: e.ESTABLISHED_MIN_FINDS },
    nearYouSweepMs: e.NEAR_YOU_SWEEP_MINUTES > 0 ? e.NEAR_YOU_SWEEP_MINUTES * 60_000 : null,
    seed: e.SEED_CONTENT,
    mapSources: mapSourcesFromEnv(e),
    basemap: basemapFromEnv(e, e.MAP_BASEMAP_FLAVOR, path.resolve(e.DATA_DIR)),
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT ?? null,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    // The same path from src/server and from the compiled dist/server.
    clientDir: fileURLToPath(new URL('../../../dist/client', import.meta.url)),
    push: push.push,
    pushTestEndpointOrigins: push.testEndpointOrigins,
    photoImportTestOrigins: photoImport.origins,
    photoProviders,
    backup: backup.backup,
    metrics: metrics.metrics,
  };
}
