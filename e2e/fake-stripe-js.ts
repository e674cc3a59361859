import type { Page } from '@playwright/test';

/**
 * A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), served to the page in
 * place of the real script, which cannot be fetched here. It implements what the app uses through
 * @stripe/react-stripe-js: `Stripe(key)`, `elements({ clientSecret })`, a Payment Element that
 * mounts, fires `ready`, and `confirmPayment` — declined with a card error, or succeeding (with a
 * redirect to `return_url` as Stripe does, unless `redirect: 'if_required'`).
 *
 * Driven from the test through `window.__stripe`:
 *   __stripe.decline = 'message'  the next confirmations fail with this card error
 *   __stripe.calls                what the page asked Stripe.js (key, client secret, return URL)
 */

export interface StripeCall {
  method: string;
  key?: string;
  clientSecret?: string;
  returnUrl?: string;
  redirect?: string;
}

declare global {
  interface Window {
    __stripe: { decline: string | null; calls: StripeCall[] };
  }
}

function fakeStripeJs(options: { neverReady: boolean }) {
  const control: Window['__stripe'] = { decline: null, calls: [] };
  window.__stripe = control;

  type Handler = (payload?: unknown) => void;
  function paymentElement() {
    const handlers: Record<string, Handler[]> = {};
    let host: HTMLElement | null = null;
    const element = {
      mount(target: HTMLElement | string) {
        host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        if (!host) return;
        host.innerHTML =
          '<label style="display:grid;gap:4px;color:#f4f4f5;font:14px system-ui">Card number' +
          '<input data-testid="card-number" inputmode="numeric" value="4242 4242 4242 4242" ' +
          'style="box-sizing:border-box;width:100%;padding:10px;border-radius:12px;border:1px solid #34343f;background:#0c0c10;color:#f4f4f5"></label>';
        // Stripe's frames report ready once loaded: a moment after mounting.
        if (!options.neverReady) setTimeout(() => handlers.ready?.forEach((h) => h(element)), 50);
      },
      on(event: string, handler: Handler) {
        (handlers[event] ??= []).push(handler);
        return element;
      },
      off(event: string, handler: Handler) {
        handlers[event] = (handlers[event] ?? []).filter((h) => h !== handler);
        return element;
      },
      update() {},
      focus() {},
      blur() {},
      clear() {},
      collapse() {},
      unmount() {
        if (host) host.innerHTML = '';
      },
      destroy() {
        element.unmount();
      },
    };
    return element;
  }

  function Stripe(key: string) {
    control.calls.push({ method: 'Stripe', key });
    return {
      elements(options: { clientSecret?: string } = {}) {
        control.calls.push({ method: 'elements', clientSecret: options.clientSecret });
        const created: Record<string, ReturnType<typeof paymentElement>> = {};
        return {
          create(type: string) {
            return (created[type] = paymentElement());
          },
          getElement: (type: string) => created[type] ?? null,
          update() {},
          fetchUpdates: async () => ({}),
          submit: async () => ({}),
        };
      },
      async confirmPayment(args: { confirmParams?: { return_url?: string }; redirect?: string }) {
        const returnUrl = args.confirmParams?.return_url;
        control.calls.push({ method: 'confirmPayment', returnUrl, redirect: args.redirect });
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (control.decline) {
          return {
            error: { type: 'card_error', code: 'card_declined', message: control.decline },
          };
        }
        const paymentIntent = { id: 'pi_e2e', object: 'payment_intent', status: 'succeeded' };
        if (args.redirect === 'if_required') return { paymentIntent };
        const target = new URL(returnUrl ?? '');
        target.searchParams.set('payment_intent', paymentIntent.id);
        target.searchParams.set('payment_intent_client_secret', 'pi_e2e_secret_e2e');
        target.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(target.toString());
        return new Promise(() => {});
      },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = 'endive';
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/**
 * Serves the stand-in for Stripe.js to this page. `blocked`: the script fails to load (offline,
 * an ad blocker). `neverReady`: the card form mounts but never reports ready.
 */
export async function installFakeStripeJs(
  page: Page,
  { blocked = false, neverReady = false }: { blocked?: boolean; neverReady?: boolean } = {},
) {
  await page.route('https://js.stripe.com/**', (route) =>
    blocked
      ? route.abort('blockedbyclient')
      : route.fulfill({
          contentType: 'text/javascript',
          body: `(${fakeStripeJs.toString()})(${JSON.stringify({ neverReady })});`,
        }),
  );
}

export const stripeJs = {
  decline: (page: Page, message: string | null) =>
    page.evaluate((m) => (window.__stripe.decline = m), message),
  calls: (page: Page) => page.evaluate(() => window.__stripe.calls),
};
