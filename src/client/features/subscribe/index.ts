export { StripeCheckout } from './payment-panel.tsx';
export { subscriptionSetupQuery } from './subscription-api.ts';
export { PAYMENT_RECEIVED, usePaymentReturn } from './use-payment-return.ts';
