import { describe, expect, it } from 'vitest';
import { clientHost, clientSite } from './client-host.ts';

describe('clientHost', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientHost('203.0.113.7')).toBe('203.0.113.7');
    expect(clientHost(' 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address, in any spelling', () => {
    expect(clientHost('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientHost('::FFFF:CB00:7107')).toBe('203.0.113.7');
    expect(clientHost('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, whatever its spelling', () => {
    const key = clientHost('2001:db8:0:1::5');
    expect(key).toBe('2001:db8:0:1::/64');
    for (const same of [
      '2001:0db8:0000:0001:ffff::9',
      '2001:DB8:0:1:0:0:0:1',
      '[2001:db8:0:1::abcd]',
      '2001:db8:0:1::1%eth0',
      '2001:db8:0:1:0:0:1.2.3.4',
      '2001:db8::1:0:0:0:1',
    ]) {
      expect(clientHost(same), same).toBe(key);
    }
  });

  it('tells different /64s apart', () => {
    expect(clientHost('2001:db8:0:2::5')).not.toBe(clientHost('2001:db8:0:1::5'));
    expect(clientHost('2001:db8:1:1::5')).not.toBe(clientHost('2001:db8:0:1::5'));
    expect(clientHost('2001:db8:0:10::5')).not.toBe(clientHost('2001:db8:0:1::5'));
  });

  it('handles the all-zero and loopback addresses, and zone ids', () => {
    expect(clientHost('::')).toBe('0:0:0:0::/64');
    expect(clientHost('::1')).toBe('0:0:0:0::/64');
    expect(clientHost('fe80::1%eth0')).toBe(clientHost('FE80::2%3'));
  });

  it('keeps what is not an address as it is, so it still counts on its own', () => {
    for (const odd of ['unknown', '1.2.3', '256.1.1.1', '1::2::3', '1:2:3:4:5:6:7:8:9', 'g::1']) {
      expect(clientHost(odd), odd).toBe(odd);
    }
  });
});

describe('clientSite', () => {
  it('is the /48 of an IPv6 address, shared by its /64s', () => {
    expect(clientSite('2001:db8:0:1::5')).toBe('2001:db8:0::/48');
    expect(clientSite('2001:0DB8:0000:ffff::9')).toBe('2001:db8:0::/48');
    expect(clientSite('2001:db8:1:1::5')).toBe('2001:db8:1::/48');
  });

  it('is null for IPv4, mapped or not, and for what is not an address', () => {
    expect(clientSite('203.0.113.7')).toBeNull();
    expect(clientSite('::ffff:203.0.113.7')).toBeNull();
    expect(clientSite('unknown')).toBeNull();
  });
});
