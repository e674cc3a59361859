import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';

describe('addresses a photo link may reach', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '169.254.169.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '224.0.0.1',
    '255.255.255.255',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2001:db8::1',
    '2002:7f00:1::1',
    'localhost',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450::1'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
