import { isIPv6 } from 'node:net';
import type { Address } from 'viem';

/**
 * A strict parser for Sign-In with Ethereum messages (the ABNF of EIP-4361): the lines exactly as
 * the grammar orders them, then every field against its own grammar (RFC 3986 authority and URI,
 * RFC 3339 date-time, EIP-55 address). The message is parsed, never rebuilt: wallets and
 * libraries write valid messages that no rebuild reproduces byte for byte (times in other zones,
 * without fractional seconds).
 */

export interface SiweMessage {
  scheme?: string;
  domain: string;
  address: Address;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
  notBefore?: Date;
  requestId?: string;
  resources?: string[];
}

/** The message, or the part that breaks the grammar (null when the lines themselves do). */
export type SiweParse = { ok: true; message: SiweMessage } | { ok: false; part: string | null };

// Each field is one line's text (no LF can hide in it); the fields' own grammars come after.
const LINES = new RegExp(
  '^(?:(?<scheme>[^\\n]*?)://)?(?<domain>[^\\n]*) wants you to sign in with your Ethereum account:\\n' +
    '(?<address>[^\\n]*)\\n\\n' +
    '(?:(?<statement>[^\\n]*)\\n)?\\n' +
    'URI: (?<uri>[^\\n]*)\\n' +
    'Version: (?<version>[^\\n]*)\\n' +
    'Chain ID: (?<chainId>[^\\n]*)\\n' +
    'Nonce: (?<nonce>[^\\n]*)\\n' +
    'Issued At: (?<issuedAt>[^\\n]*)' +
    '(?:\\nExpiration Time: (?<expirationTime>[^\\n]*))?' +
    '(?:\\nNot Before: (?<notBefore>[^\\n]*))?' +
    '(?:\\nRequest ID: (?<requestId>[^\\n]*))?' +
    '(?:\\nResources:(?<resources>(?:\\n- [^\\n]*)*))?$',
);

// RFC 3986 character sets.
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT_ENCODED = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*$`);
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*$`);
const IP_FUTURE = new RegExp(`^v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`);
const AUTHORITY = /^(?:(?<userinfo>.*)@)?(?<host>\[[^\]]*\]|[^:@[\]]*)(?::[0-9]*)?$/;
// hier-part: "//" authority path-abempty, or a path that does not begin with "//".
const URI = new RegExp(
  `^[A-Za-z][A-Za-z0-9+.-]*:(?://(?<authority>[^/?#]*)(?:/${PCHAR}*)*|(?!//)(?:${PCHAR}|/)*)` +
    `(?:\\?${QUERY})?(?:#${QUERY})?$`,
);

const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;
const REQUEST_ID = new RegExp(`^${PCHAR}*$`);
const CHAIN_ID = /^[0-9]+$/;
const NONCE = /^[A-Za-z0-9]{8,}$/;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
// RFC 3339 §5.6 date-time; its "T" and "Z" may be lower case (ABNF strings are case-insensitive).
const DATE_TIME = new RegExp(
  '^(?<year>\\d{4})-(?<month>\\d{2})-(?<day>\\d{2})[Tt]' +
    '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})(?:\\.(?<fraction>\\d+))?' +
    '(?:[Zz]|(?<sign>[+-])(?<offsetHour>\\d{2}):(?<offsetMinute>\\d{2}))$',
);

/** RFC 3986 authority; the EIP's domain must name a host, a URI's may be empty (file:///x). */
function isAuthority(text: string, hostRequired: boolean): boolean {
  const parts = AUTHORITY.exec(text)?.groups;
  if (!parts) return false;
  const { userinfo, host = '' } = parts;
  if (userinfo !== undefined && !USERINFO.test(userinfo)) return false;
  if (host.startsWith('[')) {
    const literal = host.slice(1, -1);
    // isIPv6 alone would also take a zone id ("fe80::1%eth0"), which RFC 3986 does not.
    return (/^[0-9A-Fa-f:.]+$/.test(literal) && isIPv6(literal)) || IP_FUTURE.test(literal);
  }
  // An IPv4 address is also a reg-name, and so is a dotted quad out of range.
  return (host !== '' || !hostRequired) && REG_NAME.test(host);
}

export function isUri(text: string): boolean {
  const match = URI.exec(text);
  if (!match) return false;
  const authority = match.groups?.authority;
  return authority === undefined || isAuthority(authority, false);
}

/**
 * viem (about 30 MB and 0.15 s to load) comes with the first wallet request, not at start: most
 * servers never see one (docs/decisions/050).
 */
export const loadViem = () => import('viem');

/** EIP-4361 writes the address in its EIP-55 checksum form; a single-case one carries none. */
const isChecksummed = async (text: string) => (await loadViem()).getAddress(text) === text;

const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** An RFC 3339 date-time as an instant, or null when it is not one (month 13, 30 February). */
export function parseDateTime(text: string): Date | null {
  const parts = DATE_TIME.exec(text)?.groups;
  if (!parts) return null;
  const n = (name: string) => Number(parts[name] ?? 0);
  const year = n('year');
  const month = n('month');
  const day = n('day');
  const monthDays = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  // Second 60 is a leap second; it counts as the first instant of the next minute.
  if (day < 1 || day > monthDays || n('hour') > 23 || n('minute') > 59 || n('second') > 60) {
    return null;
  }
  if (n('offsetHour') > 23 || n('offsetMinute') > 59) return null;
  const instant = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  instant.setUTCFullYear(year, month - 1, day);
  const ms = Number((parts.fraction ?? '').padEnd(3, '0').slice(0, 3));
  instant.setUTCHours(n('hour'), n('minute'), n('second'), ms);
  const offsetMinutes = (parts.sign === '-' ? -1 : 1) * (n('offsetHour') * 60 + n('offsetMinute'));
  return new Date(instant.getTime() - offsetMinutes * 60_000);
}

/** Parses an EIP-4361 message exactly; see SiweParse. */
export async function parseSiweMessage(text: string): Promise<SiweParse> {
  const fields = LINES.exec(text)?.groups;
  if (!fields) return { ok: false, part: null };
  const { scheme, domain = '', address = '', statement, uri = '', version, chainId = '' } = fields;
  const { nonce = '', requestId, resources: resourceLines } = fields;
  const refuse = (part: string): SiweParse => ({ ok: false, part });

  if (scheme !== undefined && !SCHEME.test(scheme)) return refuse('scheme');
  if (!isAuthority(domain, true)) return refuse('domain');
  if (!HEX_ADDRESS.test(address)) return refuse('address');
  if (!(await isChecksummed(address))) return refuse('address: not in EIP-55 checksum form');
  if (statement !== undefined && !STATEMENT.test(statement)) return refuse('statement');
  if (!isUri(uri)) return refuse('URI');
  if (version !== '1') return refuse('Version');
  if (!CHAIN_ID.test(chainId)) return refuse('Chain ID');
  if (!NONCE.test(nonce)) return refuse('Nonce');
  // undefined when the line is absent, null when it is there but not a date-time.
  const timeOf = (written: string | undefined) =>
    written === undefined ? undefined : parseDateTime(written);
  const issuedAt = timeOf(fields.issuedAt);
  const expirationTime = timeOf(fields.expirationTime);
  const notBefore = timeOf(fields.notBefore);
  if (!issuedAt) return refuse('Issued At');
  if (expirationTime === null) return refuse('Expiration Time');
  if (notBefore === null) return refuse('Not Before');
  if (requestId !== undefined && !REQUEST_ID.test(requestId)) return refuse('Request ID');
  const resources = resourceLines?.split('\n- ').slice(1);
  if (resources && !resources.every(isUri)) return refuse('Resources');

  return {
    ok: true,
    message: {
      ...(scheme !== undefined && { scheme }),
      domain,
      address: address as Address,
      ...(statement !== undefined && { statement }),
      uri,
      version,
      chainId: Number(chainId),
      nonce,
      issuedAt,
      ...(expirationTime && { expirationTime }),
      ...(notBefore && { notBefore }),
      ...(requestId !== undefined && { requestId }),
      ...(resources && { resources }),
    },
  };
}
