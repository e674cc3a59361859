/**
 * What per-address limits count (docs/decisions/015-sign-in-limits.md): hosts, not addresses.
 * An IPv6 host is usually given a whole /64 and may send from any address in it, so it counts by
 * its /64; an IPv4 address is one host, also when written IPv4-mapped (`::ffff:1.2.3.4`).
 * Parsed by hand rather than with node:net, so this stays a pure module.
 */

type Parsed = { v4: string } | { v6: number[] };

/** The key of the host behind a client address: `1.2.3.4`, or `2001:db8:0:1::/64`. */
export function clientHost(address: string): string {
  const ip = parse(address);
  if (!ip) return address;
  return 'v4' in ip ? ip.v4 : prefix(ip.v6, 4);
}

/**
 * The /48 of an IPv6 address (what one site or operator is usually given), so a wider cap can
 * count a whole network; null for IPv4, where the host is already the whole allotment.
 */
export function clientSite(address: string): string | null {
  const ip = parse(address);
  return ip && 'v6' in ip ? prefix(ip.v6, 3) : null;
}

const prefix = (groups: number[], count: number) =>
  `${groups
    .slice(0, count)
    .map((g) => g.toString(16))
    .join(':')}::/${count * 16}`;

function parse(address: string): Parsed | null {
  // Brackets from a URL, a zone id (`fe80::1%eth0`) and case do not change the address.
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (!bare.includes(':')) {
    const octets = ipv4Octets(bare);
    return octets ? { v4: octets.join('.') } : null;
  }
  const groups = ipv6Groups(bare);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return { v4: [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.') };
  }
  return { v6: groups };
}

function ipv4Octets(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  let words = text;
  let tail: number[] = [];
  const last = text.slice(text.lastIndexOf(':') + 1);
  if (last.includes('.')) {
    // A dotted IPv4 tail stands for the last two groups.
    const octets = ipv4Octets(last);
    if (!octets) return null;
    tail = [(octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!];
    words = `${text.slice(0, text.length - last.length)}0:0`;
  }
  const halves = words.split('::');
  if (halves.length > 2) return null;
  const split = (s: string) => (s === '' ? [] : s.split(':'));
  const left = split(halves[0]!);
  const right = halves.length === 2 ? split(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array<string>(missing).fill('0'), ...right];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const groups = all.map((g) => parseInt(g, 16));
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups;
}
