import { createECDH } from 'node:crypto';

/**
 * Web Push from the environment (docs/decisions/042-push.md): the server's VAPID key pair and
 * contact (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT). Without the keys push is off:
 * everything still lands in the inbox, and the profile says push is not set up.
 */
export interface PushConfig {
  /** P-256 public key, uncompressed, base64url: what browsers subscribe with. */
  publicKey: string;
  privateKey: string;
  /** How push services reach the operator: a mailto: address or an https URL. */
  subject: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function keyPairProblem(publicKey: string, privateKey: string): string | null {
  const pub = Buffer.from(publicKey, 'base64url');
  const priv = Buffer.from(privateKey, 'base64url');
  if (pub.length !== 65 || pub[0] !== 4) {
    return '  VAPID_PUBLIC_KEY: must be a P-256 public key, uncompressed, base64url (87 characters)';
  }
  if (priv.length !== 32) return '  VAPID_PRIVATE_KEY: must be 32 bytes, base64url (43 characters)';
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(priv);
  } catch {
    return '  VAPID_PRIVATE_KEY: is not a P-256 private key';
  }
  return ecdh.getPublicKey().equals(pub)
    ? null
    : '  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY';
}

function subjectProblem(subject: string): string | null {
  try {
    const url = new URL(subject);
    if (url.protocol === 'mailto:' || url.protocol === 'https:') return null;
  } catch {
    // Not a URL at all: the same answer.
  }
  return '  VAPID_SUBJECT: must be a mailto: address or an https:// URL';
}

/**
 * Test only: http origins on this machine the server may reach despite being local (a test's
 * push service, a test's photo server), listed in the variable `name`.
 */
export function testOriginsOf(
  name: string,
  value: string | undefined,
  problems: string[],
): string[] {
  const origins: string[] = [];
  for (const entry of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      // Reported below.
    }
    if (url && /^https?:$/.test(url.protocol) && LOOPBACK.has(url.hostname)) {
      origins.push(url.origin);
    } else {
      problems.push(`  ${name}: ${entry} is not an http(s) origin on localhost`);
    }
  }
  return origins;
}

/** The push settings and every problem found, each as "  VARIABLE: message". */
export function pushFromEnv(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
): { push: PushConfig | null; testEndpointOrigins: string[]; problems: string[] } {
  const problems: string[] = [];
  const testEndpointOrigins = testOriginsOf(
    'PUSH_TEST_ENDPOINT_ORIGINS',
    env.PUSH_TEST_ENDPOINT_ORIGINS,
    problems,
  );
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  const subject = env.VAPID_SUBJECT?.trim() || (publicUrl.startsWith('https:') ? publicUrl : '');
  if (!publicKey && !privateKey) {
    if (env.VAPID_SUBJECT) {
      problems.push('  VAPID_SUBJECT: set it with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
    }
    return { push: null, testEndpointOrigins, problems };
  }
  if (!publicKey || !privateKey) {
    problems.push('  VAPID_*: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together');
    return { push: null, testEndpointOrigins, problems };
  }
  const keyProblem = keyPairProblem(publicKey, privateKey);
  if (keyProblem) problems.push(keyProblem);
  if (!subject) {
    problems.push(
      '  VAPID_SUBJECT: needed when PUBLIC_URL is not https: a mailto: address or an https:// URL',
    );
  } else {
    const problem = subjectProblem(subject);
    if (problem) problems.push(problem);
  }
  return {
    push: problems.length === 0 ? { publicKey, privateKey, subject } : null,
    testEndpointOrigins,
    problems,
  };
}
