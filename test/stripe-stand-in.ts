import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../src/server/config/config.ts';
import { WEBHOOK_SECRET } from './stripe-events.ts';

/**
 * A local stand-in for the few Stripe API endpoints StreetScope calls, speaking Stripe's protocol
 * (form-encoded bodies with bracketed keys, `expand[]`, Bearer keys, `Stripe-Version`, replayed
 * answers for a repeated `Idempotency-Key`, Stripe's error shape). The real SDK talks to it
 * through its host/port/protocol options. Endpoints:
 *   POST /v1/customers
 *   POST /v1/subscriptions            GET /v1/subscriptions/:id    GET /v1/subscriptions
 *   DELETE /v1/subscriptions/:id      (cancels at once)
 *   POST /v1/billing_portal/sessions
 * Not Stripe's: POST /_control/subscriptions/:id `status=…` (with the secret key) changes a
 * subscription's status as Stripe would after a payment, for browser tests in another process.
 * A portal session's URL is a page of the stand-in itself (GET /p/session/:id, a link back to
 * the session's return_url), so a browser following it never leaves the machine.
 */

type Params = Record<string, unknown>;

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_end: number; price: string }[] };
  latest_invoice: string;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  customers: Map<string, Params>;
  subscriptions: Map<string, StandInSubscription>;
  requests: { method: string; path: string; apiVersion: string | undefined }[];
  /** The client secret the stand-in gave a subscription's first invoice. */
  clientSecretOf(subscriptionId: string): string;
  /** Makes the next request fail with a Stripe API error of this status. */
  failNext(status: number): void;
  close(): Promise<void>;
}

/** `items[0][price]=p&expand[0]=x` → { items: [{ price: 'p' }], expand: ['x'] }. */
export function parseStripeForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1] ?? '');
      if (last) node[part] = value;
      else node = (node[part] ??= nextIsIndex ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startStripeStandIn(
  apiVersion: string,
  { secretKey = 'sk_test_standin', port = 0 }: { secretKey?: string; port?: number } = {},
): Promise<StripeStandIn> {
  const customers = new Map<string, Params>();
  const subscriptions = new Map<string, StandInSubscription>();
  const secrets = new Map<string, string>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const requests: StripeStandIn['requests'] = [];
  const portalReturns = new Map<string, string>();
  let failure: number | null = null;
  let origin = '';

  const expanded = (sub: StandInSubscription, expand: unknown) => {
    const wants = Array.isArray(expand) && expand.includes('latest_invoice.confirmation_secret');
    if (!wants) return sub;
    return {
      ...sub,
      latest_invoice: {
        id: sub.latest_invoice,
        object: 'invoice',
        confirmation_secret: { client_secret: secrets.get(sub.id), type: 'payment_intent' },
      },
    };
  };

  function route(method: string, path: string, params: Params): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', ...params };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = String(params.customer ?? '');
      const items = (params.items ?? []) as { price?: string }[];
      if (!customers.has(customer) || !items[0]?.price) {
        return error(400, 'invalid_request_error', 'customer and items[0][price] are required');
      }
      const sub: StandInSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: params.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
        cancel_at_period_end: false,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              price: items[0].price,
              current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
            },
          ],
        },
        latest_invoice: id('in'),
      };
      subscriptions.set(sub.id, sub);
      secrets.set(sub.id, `${id('pi')}_secret_${randomBytes(6).toString('hex')}`);
      return { status: 200, body: expanded(sub, params.expand) };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = [...subscriptions.values()].filter(
        (sub) => !params.customer || sub.customer === params.customer,
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    const match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (method === 'GET' && match) {
      const sub = subscriptions.get(match[1] ?? '');
      if (!sub) return error(404, 'invalid_request_error', 'No such subscription');
      return { status: 200, body: expanded(sub, params.expand) };
    }
    if (method === 'DELETE' && match) {
      const sub = subscriptions.get(match[1] ?? '');
      if (!sub) return error(404, 'invalid_request_error', 'No such subscription');
      sub.status = 'canceled';
      return { status: 200, body: sub };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(String(params.customer))) {
        return error(400, 'invalid_request_error', 'No such customer');
      }
      const session = id('bps');
      portalReturns.set(session, String(params.return_url));
      return {
        status: 200,
        body: {
          id: session,
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `${origin}/p/session/${session}`,
        },
      };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  /** What Stripe does on its side when a payment succeeds or a renewal fails. */
  function setStatus(subscriptionId: string, body: string) {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) return error(404, 'invalid_request_error', 'No such subscription');
    sub.status = String(parseStripeForm(body).status ?? sub.status);
    return { status: 200, body: sub };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const portal = /^\/p\/session\/(\w+)$/.exec(url.pathname);
      if (req.method === 'GET' && portal)
        return sendPortal(res, portalReturns.get(portal[1] ?? ''));
      const version = req.headers['stripe-version'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, apiVersion: version });
      const send = ({ status, body }: { status: number; body: unknown }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(error(401, 'invalid_request_error', 'Invalid API Key provided'));
      }
      const control = /^\/_control\/subscriptions\/(\w+)$/.exec(url.pathname);
      if (req.method === 'POST' && control) return send(setStatus(control[1] ?? '', raw));
      if (version !== apiVersion) {
        return send(error(400, 'invalid_request_error', `Unexpected API version ${version}`));
      }
      if (failure !== null) {
        const status = failure;
        failure = null;
        return send(error(status, 'api_error', 'Something went wrong at the stand-in.'));
      }
      const key = req.headers['idempotency-key'] as string | undefined;
      const cached = key ? replies.get(key) : undefined;
      if (cached) return send(cached);
      const params = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : raw);
      const reply = route(req.method ?? '', url.pathname, params);
      if (key && req.method === 'POST') replies.set(key, reply);
      send(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    secretKey,
    customers,
    subscriptions,
    requests,
    clientSecretOf: (subscriptionId) => secrets.get(subscriptionId) ?? '',
    failNext: (status) => void (failure = status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendPortal(res: http.ServerResponse, returnUrl: string | undefined): void {
  if (!returnUrl) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('No such portal session');
    return;
  }
  const href = returnUrl.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><title>Customer portal</title>` +
      `<h1>Customer portal</h1><a href="${href}">Return to StreetScope</a></html>`,
  );
}

function error(status: number, type: string, message: string) {
  return { status, body: { error: { type, message } } };
}

/** The app's Stripe settings pointing at a stand-in. */
export function standInStripeConfig(stripe: StripeStandIn): NonNullable<Config['stripe']> {
  return {
    secretKey: stripe.secretKey,
    publishableKey: 'pk_test_standin',
    webhookSecret: WEBHOOK_SECRET,
    priceId: 'price_pro_monthly',
    apiUrl: stripe.url,
  };
}
