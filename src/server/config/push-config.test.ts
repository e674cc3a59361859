import { describe, expect, it } from 'vitest';
import { vapidKeys } from '../../../test/push-endpoint.ts';
import { loadConfig } from './config.ts';

/** VAPID_* and PUSH_TEST_ENDPOINT_ORIGINS: push is off unless both keys are set, and well. */
describe('push configuration', () => {
  const keys = vapidKeys();
  const env = {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:ops@streetscope.example',
  };

  it('is off by default', () => {
    const config = loadConfig({});
    expect(config.push).toBeNull();
    expect(config.pushTestEndpointOrigins).toEqual([]);
  });

  it('reads the key pair and the subject; an https PUBLIC_URL is the default subject', () => {
    expect(loadConfig(env).push).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:ops@streetscope.example',
    });
    const noSubject = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(
      loadConfig({ ...noSubject, PUBLIC_URL: 'https://streetscope.example' }).push?.subject,
    ).toBe('https://streetscope.example');
  });

  it('refuses to start on a half or broken setting, naming the variable', () => {
    const other = vapidKeys();
    const bad: [Record<string, string>, RegExp][] = [
      [{ VAPID_PUBLIC_KEY: keys.publicKey }, /VAPID_\*: set VAPID_PUBLIC_KEY and VAPID_PRIVATE/],
      [{ ...env, VAPID_PUBLIC_KEY: other.publicKey }, /VAPID_PUBLIC_KEY: is not the public key/],
      [{ ...env, VAPID_PUBLIC_KEY: 'abc' }, /VAPID_PUBLIC_KEY: must be a P-256 public key/],
      [{ ...env, VAPID_PRIVATE_KEY: 'abc' }, /VAPID_PRIVATE_KEY: must be 32 bytes/],
      [{ ...env, VAPID_SUBJECT: 'http://streetscope.example' }, /VAPID_SUBJECT: must be/],
      [{ ...env, VAPID_SUBJECT: '' }, /VAPID_SUBJECT: needed when PUBLIC_URL is not https/],
      [{ VAPID_SUBJECT: 'mailto:a@b.example' }, /VAPID_SUBJECT: set it with VAPID_PUBLIC_KEY/],
      [{ PUSH_TEST_ENDPOINT_ORIGINS: 'http://push.example.com' }, /not an http\(s\) origin on/],
    ];
    for (const [vars, message] of bad) {
      expect(() => loadConfig(vars), JSON.stringify(vars)).toThrow(message);
    }
  });

  it('takes test endpoint origins on this machine only', () => {
    const config = loadConfig({
      PUSH_TEST_ENDPOINT_ORIGINS: 'http://127.0.0.1:4462, http://localhost:9/push',
    });
    expect(config.pushTestEndpointOrigins).toEqual(['http://127.0.0.1:4462', 'http://localhost:9']);
  });
});
