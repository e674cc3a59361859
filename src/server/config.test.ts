import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeNull();
    expect(config.stripe).toBeNull();
    expect(config.trailerYoutubeId).toBeNull();
    expect(config.seed).toBe(true);
  });

  it('lists every bad variable at once', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TRAILER_YOUTUBE_ID: 'nope' }),
    ).toThrowError(/PORT[\s\S]*DATABASE_URL[\s\S]*TRAILER_YOUTUBE_ID/);
  });

  it('needs the Stripe keys and price together', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrowError(/STRIPE_/);
  });

  it('reads the public URL, proxy trust, seeding and trailer', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://streetscope.example/',
      TRUST_PROXY: 'true',
      SEED_CONTENT: 'false',
      TRAILER_YOUTUBE_ID: 'abcdefghijk',
    });
    expect(config.publicUrl).toBe('https://streetscope.example');
    expect(config.trustProxy).toBe(true);
    expect(config.seed).toBe(false);
    expect(config.trailerYoutubeId).toBe('abcdefghijk');
  });
});
