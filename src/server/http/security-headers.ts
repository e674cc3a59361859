import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { mapOrigins } from '../config/map-sources.ts';
import { uploadOrigin } from '../storage/index.ts';

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** Stripe.js and its card frames (Stripe's published CSP), allowed only when payments are on. */
const STRIPE_CSP = {
  script: 'https://js.stripe.com https://*.js.stripe.com',
  frame: 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  connect: 'https://api.stripe.com',
  img: 'https://*.stripe.com',
};
/**
 * The Dropbox Chooser and the Google Picker with Google's sign-in, each only when its keys are
 * set (docs/decisions/054): their scripts, frames and (Google's) token calls and styles.
 */
function photoProviderSources({ photoProviders: { dropbox, googleDrive } }: Config) {
  const drop = dropbox ? 'https://www.dropbox.com' : '';
  const gsi = 'https://accounts.google.com/gsi/';
  return {
    script: `${drop} ${googleDrive ? `https://apis.google.com ${gsi}client` : ''}`.trim(),
    frame: `${drop} ${googleDrive ? `https://docs.google.com ${gsi}` : ''}`.trim(),
    connect: googleDrive ? gsi : '',
    style: googleDrive ? `${gsi}style` : '',
  };
}
const TRAILER_ORIGIN = 'https://www.youtube-nocookie.com';
// Artists' Vimeo videos, with Do Not Track (docs/decisions/049).
const VIMEO_PLAYER_ORIGIN = 'https://player.vimeo.com';

/** The policy for every response but the API docs page; map imagery origins come from config. */
function contentSecurityPolicy(config: Config): string {
  const map = mapOrigins(config.mapSources, config.basemap).join(' ');
  const stripe = config.stripe ? STRIPE_CSP : { script: '', frame: '', connect: '', img: '' };
  const photos = photoProviderSources(config);
  return [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `script-src 'self' ${stripe.script} ${photos.script}`.trim(),
    `img-src 'self' data: blob: ${map} ${stripe.img}`.trim(),
    // blob: the offline basemap's GeoJSON, handed to the map's worker (offline-basemap.ts).
    `connect-src 'self' blob: ${map} ${uploadOrigin(config) ?? ''} ${stripe.connect} ${photos.connect}`.trim(),
    `style-src 'self' 'unsafe-inline' ${photos.style}`.trim(),
    "worker-src 'self' blob:",
    // The landing page's trailer and artists' videos, embedded only when a player presses play.
    `frame-src ${TRAILER_ORIGIN} ${VIMEO_PLAYER_ORIGIN} ${stripe.frame} ${photos.frame}`.trim(),
  ].join('; ');
}

/** Swagger UI at /api/docs: its own scripts and styles only, talking to our API alone. */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Powerful features: the game asks for the location, the camera and passkeys (036) on our own
 * origin, and nothing else. The trailer frame may start playing once pressed; Stripe's frames may offer
 * wallet payments when payments are on.
 */
function permissionsPolicy(config: Config): string {
  const denied = [
    'accelerometer',
    'browsing-topics',
    'display-capture',
    'encrypted-media',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ];
  return [
    'geolocation=(self)',
    'camera=(self)',
    'publickey-credentials-create=(self)',
    'publickey-credentials-get=(self)',
    `autoplay=(self "${TRAILER_ORIGIN}")`,
    config.stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
    ...denied.map((feature) => `${feature}=()`),
  ].join(', ');
}

const HSTS = 'max-age=31536000';

/**
 * The headers every answer but the API docs page carries, in the order they are sent: the
 * fixed ones, the permissions policy, HSTS under https and the CSP last (a route may set its
 * own CSP instead).
 */
export function securityHeaders(config: Config): { fixed: Record<string, string>; csp: string } {
  return {
    fixed: {
      ...BASE_HEADERS,
      'permissions-policy': permissionsPolicy(config),
      // The Chooser and Google's sign-in answer from popups, which must keep their opener.
      ...((config.photoProviders.dropbox || config.photoProviders.googleDrive) && {
        'cross-origin-opener-policy': 'same-origin-allow-popups',
      }),
      ...(config.publicUrl.startsWith('https:') && { 'strict-transport-security': HSTS }),
    },
    csp: contentSecurityPolicy(config),
  };
}

/**
 * Sets the headers on every answer: the CSP (a stricter one for the docs page unless a route set
 * its own), the permissions policy, HSTS under https, and no caching of anything answered to a
 * signed-in player (it may hold their data), except catalogue answers with an ETag, which the
 * browser keeps privately and revalidates each time (docs/decisions/028).
 */
export function securityHeaderSetter(
  config: Config,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const { fixed: headers, csp } = securityHeaders(config);
  return (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.headers(headers);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', request.url.startsWith('/api/docs') ? DOCS_CSP : csp);
    }
    if (request.user && request.url.startsWith('/api/') && !reply.hasHeader('etag')) {
      reply.header('cache-control', 'private, no-store');
    }
  };
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setHeaders = securityHeaderSetter(config);
  // Callback-style: an async hook costs a promise and a microtask on every request.
  app.addHook('onSend', (request, reply, _payload, done) => {
    setHeaders(request, reply);
    done();
  });
}
