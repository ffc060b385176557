// The Stripe client of an app's configuration (STRIPE_SECRET_KEY). Tests hand in a client pointed
// at a local HTTP endpoint (`new Stripe(key, { host, port, protocol: 'http' })`).
import Stripe from 'stripe';
import type { Config } from '../config.ts';

const clients = new WeakMap<Config, Stripe>();

export function useStripeClient(config: Config, client: Stripe): void {
  clients.set(config, client);
}

/** The client when Stripe is configured, else null (the built-in test checkout is used). */
export function stripeFor(config: Config): Stripe | null {
  if (!config.stripeSecretKey) return null;
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.stripeSecretKey);
    clients.set(config, client);
  }
  return client;
}

/** Verifies webhook signatures; needs no API key, as verification is offline. */
export function webhookVerifier(config: Config): Stripe {
  return stripeFor(config) ?? new Stripe('sk_webhook_verification_only');
}
