import { describe, expect, it } from 'vitest';
import { checkMessage } from './siwe.ts';

/** checkMessage's site and time checks, on instants: a time's zone changes nothing. */

const SITE = 'https://streetscope.example';
const NOW = new Date('2021-12-07T18:30:00Z');

function signedIn(times: string[], domain = 'streetscope.example') {
  return [
    `${domain} wants you to sign in with your Ethereum account:`,
    '0x3971292981aAB0456BBBc199D527298355CBB514',
    '',
    '',
    `URI: ${SITE}`,
    'Version: 1',
    'Chain ID: 1',
    'Nonce: 3b9f1c7a',
    ...times,
  ].join('\n');
}
const refusal = async (text: string) => {
  try {
    await checkMessage(text, SITE, NOW);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('checkMessage', () => {
  it('compares times written in any zone as instants', async () => {
    const parsed = await checkMessage(
      signedIn([
        'Issued At: 2021-12-07T13:29:30-05:00',
        'Expiration Time: 2021-12-08T03:35:00+09:00',
        'Not Before: 2021-12-07T19:30:30+01:00',
      ]),
      SITE,
      NOW,
    );
    expect(parsed.issuedAt.toISOString()).toBe('2021-12-07T18:29:30.000Z');
    expect(parsed.expirationTime?.toISOString()).toBe('2021-12-07T18:35:00.000Z');
  });

  it('refuses an expired, future or not-yet-valid message whatever the zone', async () => {
    const issued = 'Issued At: 2021-12-07T18:29:00Z';
    // As text, 19:29 is after 18:30; as an instant (18:29Z) it is past.
    expect(await refusal(signedIn([issued, 'Expiration Time: 2021-12-07T19:29:00+01:00']))).toMatch(
      /has expired/,
    );
    expect(await refusal(signedIn(['Issued At: 2021-12-07T18:30:00-01:00']))).toMatch(
      /from the future/,
    );
    expect(await refusal(signedIn(['Issued At: 2021-12-08T05:00:00+11:00']))).toMatch(/too old/);
    expect(await refusal(signedIn([issued, 'Not Before: 2021-12-07T17:40:00-01:00']))).toMatch(
      /not valid yet/,
    );
  });

  it('refuses a domain with userinfo or another name as another site', async () => {
    const issued = ['Issued At: 2021-12-07T18:29:00Z'];
    for (const domain of [
      'player@streetscope.example',
      'not_a_dns_name',
      'streetscope.example:8443',
    ]) {
      expect(await refusal(signedIn(issued, domain))).toBe(
        `Wallet proof refused: the message is for another site (${domain}).`,
      );
    }
  });

  it('names the part that breaks the grammar', async () => {
    expect(await refusal(signedIn(['Issued At: 2021-02-30T18:29:00Z']))).toBe(
      'Wallet proof refused: not a well-formed Sign-In with Ethereum message (Issued At).',
    );
    expect(await refusal(`${signedIn(['Issued At: 2021-12-07T18:29:00Z'])}\n`)).toBe(
      'Wallet proof refused: not a well-formed Sign-In with Ethereum message.',
    );
  });
});
