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

  it('reads who counts as an established player, 7 days and 3 finds by default', () => {
    expect(loadConfig({}).established).toEqual({ minDays: 7, minFinds: 3 });
    expect(
      loadConfig({ ESTABLISHED_MIN_DAYS: '0', ESTABLISHED_MIN_FINDS: '5' }).established,
    ).toEqual({ minDays: 0, minFinds: 5 });
    expect(() =>
      loadConfig({ ESTABLISHED_MIN_DAYS: 'a week', ESTABLISHED_MIN_FINDS: '-1' }),
    ).toThrowError(/ESTABLISHED_MIN_DAYS[\s\S]*ESTABLISHED_MIN_FINDS/);
  });

  it('needs the Stripe keys and price together', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrowError(/STRIPE_/);
  });

  it('needs the S3 bucket and keys together, and reads them', () => {
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrowError(/S3_/);
    expect(() => loadConfig({ S3_ENDPOINT: 'https://r2.example' })).toThrowError(/S3_/);
    expect(() => loadConfig({ S3_ENDPOINT: 'ftp://x' })).toThrowError(/S3_ENDPOINT/);
    expect(loadConfig({}).s3).toBeNull();
    const { s3 } = loadConfig({
      S3_ENDPOINT: 'https://minio.example:9000',
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3).toEqual({
      endpoint: 'https://minio.example:9000',
      bucket: 'photos',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('reads the public URL, proxy trust, seeding and trailer', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://streetscope.example/',
      TRUST_PROXY: '10.0.0.2',
      SEED_CONTENT: 'false',
      TRAILER_YOUTUBE_ID: 'abcdefghijk',
    });
    expect(config.publicUrl).toBe('https://streetscope.example');
    expect(config.trustProxy).toEqual(['10.0.0.2']);
    expect(config.seed).toBe(false);
    expect(config.trailerYoutubeId).toBe('abcdefghijk');
  });

  it('trusts only the proxies it is told about', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7 ,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
    for (const bad of [
      'true',
      'yes',
      '10.0.0.0/33',
      '300.1.1.1',
      '10.0.0.1/8/8',
      '99',
      'fd00::/129',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrowError(/TRUST_PROXY/);
    }
  });
});

describe('OpenID Connect providers and password sign-in', () => {
  const one = {
    OIDC_ISSUER_URL: 'https://accounts.example',
    OIDC_CLIENT_ID: 'streetscope',
    OIDC_CLIENT_SECRET: 'secret',
  };

  it('offers none and keeps passwords by default', () => {
    const config = loadConfig({});
    expect(config.oidcProviders).toEqual([]);
    expect(config.passwordSignIn).toBe(true);
  });

  it('reads one provider, named after its host unless OIDC_NAME says otherwise', () => {
    expect(loadConfig(one).oidcProviders).toEqual([
      {
        id: 'accounts-example',
        name: 'accounts.example',
        issuerUrl: 'https://accounts.example',
        clientId: 'streetscope',
        clientSecret: 'secret',
      },
    ]);
    const named = loadConfig({ ...one, OIDC_NAME: 'Street Crew Login' }).oidcProviders[0];
    expect(named).toMatchObject({ id: 'street-crew-login', name: 'Street Crew Login' });
    expect(loadConfig({ ...one, OIDC_ID: 'crew' }).oidcProviders[0]?.id).toBe('crew');
  });

  it('reads several numbered providers in order', () => {
    const config = loadConfig({
      OIDC_2_ISSUER_URL: 'https://second.example',
      OIDC_2_CLIENT_ID: 'b',
      OIDC_2_CLIENT_SECRET: 'sb',
      OIDC_2_NAME: 'Second',
      OIDC_1_ISSUER_URL: 'https://first.example/realms/art',
      OIDC_1_CLIENT_ID: 'a',
      OIDC_1_CLIENT_SECRET: 'sa',
      OIDC_1_NAME: 'First',
      OIDC_10_ISSUER_URL: 'http://localhost:9000',
      OIDC_10_CLIENT_ID: 'c',
      OIDC_10_CLIENT_SECRET: 'sc',
    });
    expect(config.oidcProviders.map((p) => [p.id, p.name, p.issuerUrl])).toEqual([
      ['first', 'First', 'https://first.example/realms/art'],
      ['second', 'Second', 'https://second.example'],
      ['localhost', 'localhost', 'http://localhost:9000'],
    ]);
  });

  it('says what is wrong with a provider', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://a.example' })).toThrowError(
      /OIDC_\*: set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together \(missing OIDC_CLIENT_ID, OIDC_CLIENT_SECRET\)/,
    );
    expect(() => loadConfig({ ...one, OIDC_ISSUER_URL: 'http://accounts.example' })).toThrowError(
      /OIDC_ISSUER_URL: must be an https:\/\/ URL \(http only for localhost\)/,
    );
    expect(() => loadConfig({ ...one, OIDC_ISSUER_URL: 'not a url' })).toThrowError(
      /OIDC_ISSUER_URL: must be a URL/,
    );
    expect(() => loadConfig({ ...one, OIDC_ID: 'Has Spaces' })).toThrowError(/OIDC_ID: must be/);
    expect(() => loadConfig({ ...one, OIDC_ID: 'username' })).toThrowError(/OIDC_ID: must be/);
    expect(() => loadConfig({ ...one, OIDC_NAME: 'x'.repeat(41) })).toThrowError(
      /OIDC_NAME: must be at most 40 characters/,
    );
    expect(() => loadConfig({ ...one, OIDC_ISSUER: 'https://typo.example' })).toThrowError(
      /OIDC_ISSUER: not a known variable/,
    );
    expect(() =>
      loadConfig({
        ...one,
        OIDC_1_ISSUER_URL: 'https://accounts.example',
        OIDC_1_CLIENT_ID: 'x',
        OIDC_1_CLIENT_SECRET: 'y',
        OIDC_1_ID: 'accounts-example',
      }),
    ).toThrowError(/two providers share the id "accounts-example"[\s\S]*configured twice/);
  });

  it('turns password sign-in off only when a provider remains', () => {
    expect(loadConfig({ ...one, PASSWORD_SIGN_IN: 'off' }).passwordSignIn).toBe(false);
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'off' })).toThrowError(
      /PASSWORD_SIGN_IN: off needs an OpenID Connect provider/,
    );
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'no' })).toThrowError(/PASSWORD_SIGN_IN/);
  });
});
