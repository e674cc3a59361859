import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service run in the test's own process: it takes what the app posts to a subscription's
 * endpoint, checks the VAPID signature (RFC 8292) and decrypts the message (aes128gcm, RFC 8188
 * and RFC 8291) with the keys a browser would hold, made here with node:crypto.
 */

/** A VAPID key pair as the app's configuration takes it. */
export function vapidKeys(subject = 'mailto:push-tests@streetscope.test') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    subject,
  };
}

/** What a browser keeps for one subscription: its P-256 key pair and auth secret. */
export interface Device {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  /** The body of POST /api/push/subscriptions, as PushSubscription.toJSON() gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface Received {
  /** The device's name (the endpoint's last path part). */
  device: string;
  /** The decrypted message, parsed. */
  payload: Record<string, unknown>;
  /** VAPID's claims, once its signature checked out. */
  claims: { aud: string; sub: string; exp: number };
  ttl: number;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of one aes128gcm message. */
export function decrypt(body: Buffer, device: Pick<Device, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  const browserKey = device.ecdh.getPublicKey();
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserKey, serverKey]);
  const ikm = hmac(hmac(device.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ]);
  // One record, the last: the content, then the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end);
}

/** RFC 8292: "vapid t=<JWT>, k=<public key>", the JWT signed ES256 by that key. */
function vapidClaims(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token = '', k = ''] = match;
  if (k !== publicKey) throw new Error('signed with another key');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head = '', claims = '', signature = ''] = token.split('.');
  const signed = Buffer.from(`${head}.${claims}`);
  const sig = Buffer.from(signature, 'base64url');
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, sig)) {
    throw new Error('bad VAPID signature');
  }
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Received['claims'];
}

export interface PushEndpoint {
  origin: string;
  /** Messages decrypted so far, in the order they arrived. */
  received: Received[];
  /** Requests that failed a check (signature, decryption), with why. */
  rejected: string[];
  /** A new subscription at this service, as a browser would make one. */
  device(name: string): Device;
  /** From now on the push service answers this device with `status` (410: it unsubscribed). */
  answer(name: string, status: number): void;
  close(): Promise<void>;
}

/** Listens on `port` (any free one by default) on 127.0.0.1. */
export async function startPushEndpoint(vapidPublicKey: string, port = 0): Promise<PushEndpoint> {
  const devices = new Map<string, Device>();
  const answers = new Map<string, number>();
  const received: Received[] = [];
  const rejected: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name = decodeURIComponent(req.url?.split('/').pop() ?? '');
      const device = devices.get(name);
      const status = answers.get(name);
      if (!device || status) {
        res.writeHead(status ?? 404).end();
        return;
      }
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const claims = vapidClaims(req.headers.authorization, vapidPublicKey);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device).toString('utf8'));
        received.push({ device: name, payload, claims, ttl: Number(req.headers.ttl) });
        res.writeHead(201).end();
      } catch (err) {
        rejected.push(`${name}: ${(err as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    device(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${encodeURIComponent(name)}`;
      const device = {
        endpoint,
        ecdh,
        auth,
        subscription: {
          endpoint,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
      };
      devices.set(name, device);
      return device;
    },
    answer(name, status) {
      answers.set(name, status);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
