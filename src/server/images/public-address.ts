import { BlockList, isIP } from 'node:net';

/**
 * Addresses a photo link may lead the server to: public unicast only. Everything that reaches
 * this machine, its network or a cloud's metadata service is refused, so a link cannot make the
 * server read what only it can reach (server-side request forgery).
 */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** Within 2000::/3 (global unicast): documentation, Teredo and 6to4, which embed other hosts. */
const PRIVATE_V6: [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
];

const refused = new BlockList();
for (const [net, prefix] of PRIVATE_V4) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of PRIVATE_V6) refused.addSubnet(net, prefix, 'ipv6');

/**
 * Only 2000::/3 is public IPv6: loopback (::1), unspecified (::), IPv4-mapped (::ffff:…),
 * NAT64, unique-local (fc00::/7), link-local (fe80::/10) and multicast (ff00::/8) lie outside.
 */
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');

/** Whether the server may connect to this IP address on a player's behalf. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  if (family === 6) return globalV6.check(address, 'ipv6') && !refused.check(address, 'ipv6');
  return false;
}
