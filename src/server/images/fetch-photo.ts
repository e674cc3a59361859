import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { ObjectTooLargeError } from '../storage/object-store.ts';
import { isPublicAddress } from './public-address.ts';

/** Where a photo link may lead, and how far (docs/decisions/048-photos-from-elsewhere.md). */
export interface PhotoLinkRules {
  maxBytes: number;
  /** Origins reachable whatever their address: tests' own photo servers, never production. */
  allowedOrigins: readonly string[];
  /** Ends the whole fetch, headers and body. */
  signal: AbortSignal;
  /** A provider's own hosts: the link and every redirect must stay on them. */
  onlyHosts?: { allows: (url: URL) => boolean; refusal: string };
  /** Sent to the link's own origin only, never to a redirect elsewhere (a provider's token). */
  headers?: Record<string, string>;
  /** The player's words for an error answer (a provider's 401 or 404). */
  answered?: (status: number) => string;
}

/** A link that does not give a photo we may fetch; the message says why, for the player. */
export class PhotoLinkError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_REDIRECTS = 3;
/** Ports image hosts serve on; any other port on a public host is refused. */
export const PHOTO_LINK_PORTS = new Set([80, 443, 8080, 8443]);

const PRIVATE = 'That link leads to a private or local address, which cannot be imported.';
const UNREACHABLE = 'The photo at that link could not be fetched. Check the link and try again.';
const INVALID = "Invalid body field 'url': must be an http or https link to a photo.";

/** Refused by our own lookup: the name resolves to an address we may not connect to. */
class PrivateAddressError extends Error {}

/**
 * Resolves like the system does, but refuses a name when any of its addresses is not public,
 * and hands the connection the very addresses it checked: a second resolution (DNS rebinding)
 * never happens.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
      return callback(new PrivateAddressError(PRIVATE), '', 0);
    }
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** The link as a URL, and whether its origin is one the operator allowed for tests. */
function parseLink(link: string, allowedOrigins: readonly string[]) {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new PhotoLinkError(400, INVALID);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) {
    throw new PhotoLinkError(400, INVALID);
  }
  // An origin listed with port 0 (as a test server listening on 0) allows any port of its host.
  const allowed =
    allowedOrigins.includes(url.origin) ||
    allowedOrigins.includes(`${url.protocol}//${url.hostname}:0`);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!allowed && !PHOTO_LINK_PORTS.has(port)) {
    throw new PhotoLinkError(400, 'That link uses a port photos are not imported from.');
  }
  return { url, allowed };
}

/** One GET, with no redirect followed; the connection goes only to checked addresses. */
function get(
  url: URL,
  allowed: boolean,
  signal: AbortSignal,
  extraHeaders: Record<string, string> = {},
): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the link is not looked up: it is checked as it stands.
  if (!allowed && isIP(host) && !isPublicAddress(host)) {
    return Promise.reject(new PhotoLinkError(400, PRIVATE));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        // A fresh connection each time: a pooled socket may lead elsewhere.
        agent: false,
        lookup: allowed ? undefined : publicLookup,
        headers: { accept: 'image/*', 'user-agent': 'StreetScope photo import', ...extraHeaders },
      },
      (response) => {
        // The address actually connected to, checked once more before a byte is used.
        const remote = response.socket.remoteAddress ?? '';
        if (!allowed && !isPublicAddress(remote)) {
          response.destroy();
          return reject(new PhotoLinkError(400, PRIVATE));
        }
        resolve(response);
      },
    );
    request.once('error', (err) => {
      reject(err instanceof PrivateAddressError ? new PhotoLinkError(400, PRIVATE) : err);
    });
  });
}

/**
 * Fetches a photo from a player's link: http or https only, public addresses only (each
 * redirect target checked again, at most MAX_REDIRECTS), an image content type, and no more
 * than `maxBytes` announced. The body is returned unread; whoever reads it caps it again.
 */
export async function fetchPhoto(
  link: string,
  rules: PhotoLinkRules,
): Promise<{ body: IncomingMessage; declaredLength: number | null }> {
  let target = link;
  let origin: string | null = null;
  for (let hop = 0; ; hop++) {
    const { url, allowed } = parseLink(target, rules.allowedOrigins);
    if (rules.onlyHosts && !rules.onlyHosts.allows(url)) {
      throw new PhotoLinkError(400, rules.onlyHosts.refusal);
    }
    origin ??= url.origin;
    const headers = url.origin === origin ? rules.headers : undefined;
    let response: IncomingMessage;
    try {
      response = await get(url, allowed, rules.signal, headers);
    } catch (err) {
      if (err instanceof PhotoLinkError) throw err;
      throw new PhotoLinkError(400, UNREACHABLE);
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (hop >= MAX_REDIRECTS) {
        throw new PhotoLinkError(400, `That link redirects more than ${MAX_REDIRECTS} times.`);
      }
      target = new URL(location, url).href;
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new PhotoLinkError(
        400,
        rules.answered?.(status) ?? `The link answered ${status}, not a photo.`,
      );
    }
    const type = response.headers['content-type'] ?? '';
    if (!/^\s*image\/[\w.+-]+\s*(;|$)/i.test(type)) {
      response.destroy();
      throw new PhotoLinkError(
        415,
        `That link leads to ${type.split(';')[0]?.trim() || 'something'}, not a photo.`,
      );
    }
    const length = Number(response.headers['content-length']);
    const declaredLength = Number.isFinite(length) ? length : null;
    if (declaredLength !== null && declaredLength > rules.maxBytes) {
      response.destroy();
      throw new PhotoLinkError(413, new ObjectTooLargeError(rules.maxBytes).message);
    }
    return { body: response, declaredLength };
  }
}
