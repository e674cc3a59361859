import { describe, expect, it } from 'vitest';
import { isUri, parseDateTime, parseSiweMessage, type SiweMessage } from './siwe-message.ts';

/**
 * The cases of EIP-4361's reference test vectors (parsing, positive and negative; invalid URIs and
 * date-times), written again for a site of our own, and the time forms real clients write.
 */

const ADDRESS = '0x3971292981aAB0456BBBc199D527298355CBB514';
const ISSUED = '2021-12-07T18:28:18.807Z';
const NOT_EIP55 = 'address: not in EIP-55 checksum form';

const LINES = {
  head: 'streetscope.example wants you to sign in with your Ethereum account:',
  address: ADDRESS,
  blank: '',
  statement: 'Link this wallet to your StreetScope account.',
  blankAfterStatement: '',
  uri: 'URI: https://streetscope.example/login',
  version: 'Version: 1',
  chainId: 'Chain ID: 1',
  nonce: 'Nonce: 3b9f1c7a',
  issuedAt: `Issued At: ${ISSUED}`,
};
type Edits = Partial<Record<keyof typeof LINES, string | null>>;

/** The message of LINES with some lines replaced (null drops one) and `after` appended. */
const message = (edits: Edits = {}, after: string[] = []) =>
  [...Object.values({ ...LINES, ...edits }), ...after].filter((l) => l !== null).join('\n');
const withIssuedAt = (time: string) => message({ issuedAt: `Issued At: ${time}` });
const header = (domain: string) => `${domain} wants you to sign in with your Ethereum account:`;
const fields = async (text: string): Promise<SiweMessage> => {
  const result = await parseSiweMessage(text);
  if (!result.ok) throw new Error(`refused (${result.part ?? 'lines'}):\n${text}`);
  return result.message;
};
const refusal = async (text: string) => {
  const result = await parseSiweMessage(text);
  return result.ok ? 'accepted' : result.part;
};

describe('parseSiweMessage accepts', () => {
  it('a message with a statement and no optional field, field by field', async () => {
    expect(await fields(message())).toStrictEqual({
      domain: 'streetscope.example',
      address: ADDRESS,
      statement: 'Link this wallet to your StreetScope account.',
      uri: 'https://streetscope.example/login',
      version: '1',
      chainId: 1,
      nonce: '3b9f1c7a',
      issuedAt: new Date(ISSUED),
    });
  });

  it('no statement: two blank lines between the address and the URI', async () => {
    const parsed = await fields(message({ statement: null }));
    expect(parsed).not.toHaveProperty('statement');
    expect(parsed.uri).toBe('https://streetscope.example/login');
  });

  it('every optional field, in the grammar’s order', async () => {
    const parsed = await fields(
      message({}, [
        'Expiration Time: 2021-12-07T18:38:18.807Z',
        'Not Before: 2021-12-07T18:28:00Z',
        'Request ID: req-42_a',
        'Resources:',
        '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        '- https://streetscope.example/claims/1.json',
      ]),
    );
    expect(parsed).toMatchObject({
      expirationTime: new Date('2021-12-07T18:38:18.807Z'),
      notBefore: new Date('2021-12-07T18:28:00Z'),
      requestId: 'req-42_a',
      resources: [
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        'https://streetscope.example/claims/1.json',
      ],
    });
    expect(await fields(message({}, ['Request ID: ', 'Resources:']))).toMatchObject({
      requestId: '',
      resources: [],
    });
  });

  it('a scheme, a port, IP and localhost domains, and userinfo (RFC 3986 authority)', async () => {
    const https = await fields(message({ head: header('https://streetscope.example') }));
    expect([https.scheme, https.domain]).toEqual(['https', 'streetscope.example']);
    const domains = [
      'streetscope.example:8443',
      '127.0.0.1',
      '127.0.0.1:8080',
      'localhost:3000',
      '[::1]:3000',
      'player@127.0.0.1:8080',
      // The reference vectors refuse an underscore here; RFC 3986 reg-name allows it. Either way
      // it is never our host, so checkMessage refuses it as another site.
      'not_a_dns_name',
    ];
    for (const domain of domains)
      expect((await fields(message({ head: header(domain) }))).domain).toBe(domain);
  });

  it('an address in its EIP-55 checksum form', async () => {
    expect((await fields(message({ address: ADDRESS }))).address).toBe(ADDRESS);
  });

  it('issued-at in any RFC 3339 form: fraction or none, Z or any offset, t and z', async () => {
    const instant = new Date('2021-12-07T18:28:18Z').getTime();
    const forms: [string, number][] = [
      ['2021-12-07T18:28:18.807Z', instant + 807],
      ['2021-12-07T18:28:18Z', instant],
      ['2021-12-07T18:28:18+00:00', instant],
      ['2021-12-07T18:28:18-00:00', instant],
      ['2021-12-07T13:28:18-05:00', instant],
      ['2021-12-07T20:28:18.807+02:00', instant + 807],
      ['2021-12-08T00:13:18+05:45', instant],
      ['2021-12-07t18:28:18z', instant],
      ['2021-12-07T18:28:18.8071234Z', instant + 807],
    ];
    for (const [time, ms] of forms)
      expect((await fields(withIssuedAt(time))).issuedAt.getTime()).toBe(ms);
  });

  it('URIs of any RFC 3986 scheme and form', async () => {
    const uris = [
      'https://streetscope.example',
      'http://localhost:3000/login?next=%2Fmap#top',
      'http://[::1]:3000/',
      'https://user:pass@streetscope.example:443/a/b;c=d',
      'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
      'did:pkh:eip155:1:0x3971292981aAB0456BBBc199D527298355CBB514',
      'mailto:player@streetscope.example',
      'file:///srv/app',
    ];
    for (const uri of uris) expect((await fields(message({ uri: `URI: ${uri}` }))).uri).toBe(uri);
  });
});

describe('parseSiweMessage refuses', () => {
  const issued = LINES.issuedAt;
  const cases: [string, string, string | null][] = [
    ['no URI line', message({ uri: null }), null],
    ['no Version line', message({ version: null }), null],
    ['no Chain ID line', message({ chainId: null }), null],
    ['no Nonce line', message({ nonce: null }), null],
    ['no Issued At line', message({ issuedAt: null }), null],
    ['a blank line where a field should be', message({ chainId: '' }), null],
    ['Version before URI', message({ uri: LINES.version, version: LINES.uri }), null],
    ['Chain ID after Nonce', message({ chainId: LINES.nonce, nonce: LINES.chainId }), null],
    [
      'Nonce on the Chain ID line',
      message({ chainId: 'Chain ID: 1Nonce: 3b9f1c7a', nonce: null }),
      null,
    ],
    [
      'Issued At after Expiration Time',
      message({ issuedAt: 'Expiration Time: 2030-01-01T00:00:00Z' }, [issued]),
      null,
    ],
    [
      'Not Before before Expiration Time',
      message({}, ['Not Before: 2021-12-07T18:28:18Z', 'Expiration Time: 2030-01-01T00:00:00Z']),
      null,
    ],
    [
      'Request ID after Resources',
      message({}, ['Resources:', '- https://a.example', 'Request ID: x']),
      null,
    ],
    ['a field twice', message({}, ['Nonce: 3b9f1c7a9']), null],
    ['an extra blank line before the statement', message({ blank: '\n' }), null],
    [
      'a statement on two lines',
      message({ statement: 'Link this wallet\nto your account.' }),
      null,
    ],
    ['a line break at the end', `${message()}\n`, null],
    ['text after the last field', message({}, ['Thanks!']), null],
    ['CR LF line ends', message().replace(/\n/g, '\r\n'), null],
    ['a field name in lower case', message({ version: 'version: 1' }), null],
    ['a resource not on its own "- " line', message({}, ['Resources:', 'https://a.example']), null],
    ['no domain', message({ head: header('') }), 'domain'],
    ['a domain with a path', message({ head: header('streetscope.example/login') }), 'domain'],
    ['a domain with a space', message({ head: header('streetscope .example') }), 'domain'],
    ['a domain with a bad IPv6 literal', message({ head: header('[::1::2]') }), 'domain'],
    [
      'a scheme starting with a digit',
      message({ head: header('1http://streetscope.example') }),
      'scheme',
    ],
    ['no address', message({ address: '' }), 'address'],
    ['a short address', message({ address: ADDRESS.slice(0, 41) }), 'address'],
    ['a wrong checksum', message({ address: ADDRESS.replace('aAB', 'AAB') }), NOT_EIP55],
    ['an all-lowercase address', message({ address: ADDRESS.toLowerCase() }), NOT_EIP55],
    [
      'an all-uppercase address',
      message({ address: `0x${ADDRESS.slice(2).toUpperCase()}` }),
      NOT_EIP55,
    ],
    ['a CR in the statement', message({ statement: 'Link this wallet.\r' }), 'statement'],
    [
      'a statement outside its grammar',
      message({ statement: 'Link “this” wallet, 100%' }),
      'statement',
    ],
    ['a URI that is not RFC 3986', message({ uri: 'URI: _not_a_uri_' }), 'URI'],
    ['a URI without a scheme', message({ uri: 'URI: ://streetscope.example/login' }), 'URI'],
    ['a URI with a space', message({ uri: 'URI: https://streetscope.example/a b' }), 'URI'],
    ['a URI with a bad IPv4 in IPv6', message({ uri: 'URI: uri://[::0.0.0.256]/p' }), 'URI'],
    ['a URI with nine IPv6 groups', message({ uri: 'URI: uri://[1:2:3:4:5:6:7:8:9]' }), 'URI'],
    ['a URI with a zone id', message({ uri: 'URI: http://[fe80::1%eth0]/' }), 'URI'],
    ['version 2', message({ version: 'Version: 2' }), 'Version'],
    ['a chain id that is not a number', message({ chainId: 'Chain ID: ?' }), 'Chain ID'],
    ['a negative chain id', message({ chainId: 'Chain ID: -1' }), 'Chain ID'],
    ['a nonce of 7 characters', message({ nonce: 'Nonce: 3b9f1c7' }), 'Nonce'],
    ['a nonce with a dash', message({ nonce: 'Nonce: 3b9f-1c7a' }), 'Nonce'],
    [
      'an Issued At in another format',
      withIssuedAt('Tue Dec 07 2021 18:28:18 GMT+0000'),
      'Issued At',
    ],
    [
      'an Expiration Time not RFC 3339',
      message({}, ['Expiration Time: 2021-12-07 18:38:18Z']),
      'Expiration Time',
    ],
    ['a Not Before not RFC 3339', message({}, ['Not Before: 1638901698']), 'Not Before'],
    ['a Request ID with a space', message({}, ['Request ID: a b']), 'Request ID'],
    [
      'resources on one line',
      message({}, ['Resources:', '- https://a.example - https://b.example']),
      'Resources',
    ],
    [
      'a first resource not a URI',
      message({}, ['Resources:', '- _nope_', '- https://b.example']),
      'Resources',
    ],
    [
      'a second resource not a URI',
      message({}, ['Resources:', '- https://a.example', '- _nope_']),
      'Resources',
    ],
  ];
  it.each(cases)('%s', async (_, text, part) => expect(await refusal(text)).toBe(part));
});

describe('parseDateTime', () => {
  it('refuses what is not an RFC 3339 date-time or not a real date', () => {
    const wrong = [
      '2021-13-07T18:28:18Z',
      '2021-00-07T18:28:18Z',
      '2021-02-30T18:28:18Z',
      '2021-02-29T18:28:18Z',
      '2100-02-29T18:28:18Z',
      '2021-04-31T18:28:18Z',
      '2021-12-00T18:28:18Z',
      '2021-12-07T24:00:00Z',
      '2021-12-07T18:60:18Z',
      '2021-12-07T18:28:61Z',
      '2021-12-07T18:28:18+24:00',
      '2021-12-07T18:28:18+02:60',
      '2021-12-07T18:28:18+0200',
      '2021-12-07T18:28:18',
      '2021-12-07 18:28:18Z',
      '2021-12-07T18:28Z',
      '2021-12-07T18:28:18.Z',
      '2021-12-07',
      '21-12-07T18:28:18Z',
      '2021-12-07T18:28:18Z ',
      '２０２１-12-07T18:28:18Z',
    ];
    for (const text of wrong) expect(parseDateTime(text), text).toBeNull();
  });

  it('reads leap days, years before 100 and a leap second', () => {
    expect(parseDateTime('2020-02-29T00:00:00Z')?.toISOString()).toBe('2020-02-29T00:00:00.000Z');
    expect(parseDateTime('2000-02-29T00:00:00Z')?.toISOString()).toBe('2000-02-29T00:00:00.000Z');
    expect(parseDateTime('0099-12-31T23:00:00-01:00')?.getUTCFullYear()).toBe(100);
    expect(parseDateTime('2016-12-31T23:59:60Z')?.toISOString()).toBe('2017-01-01T00:00:00.000Z');
  });
});

describe('isUri', () => {
  it('takes an IPvFuture literal and an empty path, not a relative reference', () => {
    expect(isUri('http://[v1.fe80::a+en1]/')).toBe(true);
    expect(isUri('https:')).toBe(true);
    expect(isUri('/login')).toBe(false);
    expect(isUri('//streetscope.example/login')).toBe(false);
  });
});
