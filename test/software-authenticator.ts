import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for API tests without a browser: ES256 keys from
 * node:crypto, 'none' attestation, discoverable credentials, a signature counter. It answers
 * WebAuthn JSON options the way a browser's startRegistration / startAuthentication would.
 */

export interface StoredCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authenticatorData(rpId: string, counter: number, attested?: Buffer): Buffer {
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  const flags = FLAG_UP | FLAG_UV | (attested ? FLAG_AT : 0);
  return Buffer.concat([
    sha256(rpId),
    Buffer.from([flags]),
    counterBytes,
    attested ?? Buffer.alloc(0),
  ]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly origin = 'http://localhost:3000') {}

  /** navigator.credentials.create(): a new credential for the options' account. */
  create(options: Options, overrides: { origin?: string; rpId?: string } = {}) {
    const rpId = overrides.rpId ?? options.rp?.id ?? new URL(this.origin).hostname;
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(coseKey)]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authenticatorData(rpId, 0, attested)],
      ]),
    );
    this.credentials.push({
      id: b64url(id),
      rpId,
      userHandle: options.user?.id ?? '',
      privateKey,
      counter: 0,
    });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(
          clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
    };
  }

  /**
   * navigator.credentials.get() with a discoverable credential (the latest made, unless one is
   * named). The counter moves up by one each time, unless `counter` sets it.
   */
  get(
    options: Options,
    overrides: { credential?: StoredCredential; origin?: string; counter?: number } = {},
  ) {
    const credential = overrides.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error('the authenticator holds no credential');
    credential.counter = overrides.counter ?? credential.counter + 1;
    const authData = authenticatorData(options.rpId ?? credential.rpId, credential.counter);
    const clientDataJSON = clientData(
      'webauthn.get',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), {
      key: credential.privateKey,
      dsaEncoding: 'der',
    });
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
