// One-line texts refuse controls, bidi and zero-width characters with a message naming the field, are
// NFC-normalised; the display helpers make a stored value one safe line inside a sentence.
import { describe, expect, test } from 'vitest';
import { firstMessage, registerBody, updateProfileBody } from './auth.js';
import { MSG } from './constants.js';
import { renderNotification, announcementBody } from './notifications.js';
import { TEXT_MSG, multiLineText, oneLineText } from './one-line.js';
import { passkeyName } from './security.js';
import { SETTINGS, SETTINGS_MSG } from './settings.js';
import { hasRefusedOneLineChar, multiLineDisplay, oneLineDisplay, quotedName } from './text.js';
import { withdrawBody } from './withdrawals.js';

const messageOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : firstMessage(r.error as never);
};

/** Every character the issue names, inside a name (a leading or trailing one would be trimmed where it is whitespace). */
const REFUSED: [string, string][] = [
  ['CR LF', '\r\n'],
  ['LF', '\n'],
  ['CR', '\r'],
  ['TAB', '\t'],
  ['NUL', '\u0000'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['NEL (C1)', '\u0085'],
  ['CSI (C1)', '\u009b'],
  ['ALM', '\u061c'],
  ['LRM', '\u200e'],
  ['RLM', '\u200f'],
  ['LRE', '\u202a'],
  ['RLE', '\u202b'],
  ['PDF', '\u202c'],
  ['LRO', '\u202d'],
  ['RLO', '\u202e'],
  ['LRI', '\u2066'],
  ['RLI', '\u2067'],
  ['FSI', '\u2068'],
  ['PDI', '\u2069'],
  ['ZWSP', '\u200b'],
  ['ZWNJ', '\u200c'],
  ['ZWJ', '\u200d'],
  ['word joiner', '\u2060'],
  ['BOM inside', '\ufeff'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
];

describe('oneLineText', () => {
  const field = oneLineText('Label must be one line', { min: 2, minMessage: 'too short', max: 10 });
  test.each(REFUSED)('%s inside is refused with the field’s message', (_, ch) => {
    expect(messageOf(field, `ab${ch}cd`)).toBe('Label must be one line');
    expect(hasRefusedOneLineChar(`x${ch}y`)).toBe(true);
  });
  test('the refusal comes first, even when the value is also too long or too short', () => {
    expect(messageOf(field, `a\u202e`)).toBe('Label must be one line');
    expect(messageOf(field, `abcdefghij\nklmnop`)).toBe('Label must be one line');
  });
  test('trimmed as before; NFC; letters of every script, emoji with a variation selector and NBSP pass', () => {
    expect(field.parse('  abc \n')).toBe('abc');
    expect(field.parse('Jose\u0301')).toBe('José');
    expect(field.parse('Jose\u0301').length).toBe(4);
    const wide = oneLineText('Label must be one line', { max: 100 });
    for (const ok of ['محمد علي', 'Zoë', '李小龍', 'Ali ❤️', 'A\u00a0B', 'O’Brien-Smith']) expect(wide.parse(ok)).toBe(ok.normalize('NFC'));
  });
  test('length after normalisation; min and max messages', () => {
    expect(messageOf(field, 'a')).toBe('too short');
    expect(messageOf(field, 'a'.repeat(11))).toBe('At most 10 characters');
  });
  test('a huge value is answered in linear time', () => {
    const t = performance.now();
    expect(messageOf(field, `${'a'.repeat(500_000)}\u202e`)).toBe('Label must be one line');
    expect(performance.now() - t).toBeLessThan(500);
  });
});

describe('multiLineText (announcement bodies)', () => {
  const field = multiLineText('Body must not', { min: 1, max: 100 });
  test('LF kept, CR LF and CR become LF; TAB, other controls, bidi and zero-width refused', () => {
    expect(field.parse('one\ntwo')).toBe('one\ntwo');
    expect(field.parse('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
    for (const [name, ch] of REFUSED.filter(([n]) => !['CR LF', 'LF', 'CR'].includes(n))) {
      expect(messageOf(field, `a${ch}b`), name).toBe('Body must not');
    }
  });
});

describe('the contract’s one-line fields', () => {
  const full = { fullName: 'Alice Example', email: 'alice@example.com', phone: '+971500000000', password: 'long-enough-1' };
  test.each(REFUSED)('sign-up and profile: a full name with %s → the full-name message', (_, ch) => {
    expect(messageOf(registerBody, { ...full, fullName: `Alice${ch}Example` })).toBe(TEXT_MSG.fullName);
    expect(messageOf(updateProfileBody, { fullName: `Alice${ch}Example` })).toBe(TEXT_MSG.fullName);
    expect(messageOf(updateProfileBody, { phone: `+971${ch}5` })).toBe(TEXT_MSG.phone);
  });
  test('the spec’s messages are unchanged; a name is stored as NFC', () => {
    expect(messageOf(registerBody, { ...full, fullName: 'ab' })).toBe(MSG.nameMin);
    expect(messageOf(registerBody, { ...full, fullName: '   ' })).toBe(MSG.fillAll);
    expect(messageOf(updateProfileBody, { phone: '' })).toBe('Phone is required');
    expect(registerBody.parse({ ...full, fullName: ' Jose\u0301 Nu\u0301n\u0303ez ' }).fullName).toBe('José Núñez');
  });
  test('passkey names, payout addresses, announcement titles and bodies, the support e-mail', () => {
    expect(messageOf(passkeyName, 'My key\u202e')).toBe(TEXT_MSG.passkeyName);
    expect(messageOf(passkeyName, '')).toBe('Give the passkey a name of 1 to 64 characters');
    expect(messageOf(withdrawBody, { amount: 1, paymentId: 'TXYZ\nverify at evil' })).toBe(TEXT_MSG.paymentId);
    expect(messageOf(announcementBody, { audience: 'all', title: 'Hi\u200bthere', body: 'ok' })).toBe(TEXT_MSG.announcementTitle);
    expect(messageOf(announcementBody, { audience: 'all', title: 'Hi', body: 'line 1\n\u202eline 2' })).toBe(TEXT_MSG.announcementBody);
    expect(announcementBody.parse({ audience: 'all', title: 'Hi', body: 'line 1\r\nline 2' }).body).toBe('line 1\nline 2');
    expect(messageOf(SETTINGS.supportEmail.schema, 'help\u202e@example.com')).toBe(SETTINGS_MSG.supportEmailInvisible);
    expect(messageOf(SETTINGS.supportEmail.schema, 'help\u200b@example.com')).toBe(SETTINGS_MSG.supportEmailInvisible);
    expect(SETTINGS.supportEmail.schema.parse(' Help@Example.com ')).toBe('help@example.com');
  });
});

describe('display of stored values', () => {
  const attack = 'Mallory\r\n\r\nYour withdrawals are frozen. Verify at https://evil.example\u202e\u200b';
  test('oneLineDisplay: one line, no bidi or zero-width character, spaces collapsed', () => {
    expect(oneLineDisplay(attack)).toBe('Mallory Your withdrawals are frozen. Verify at https://evil.example');
    expect(oneLineDisplay('a\tb\u0085c\u2028d')).toBe('a b c d');
    expect(quotedName('  Alice  ')).toBe('“Alice”');
    expect(multiLineDisplay('a\r\nb\u202e\tc')).toBe('a\nbc');
  });
  test('notifications quote names as one line, in English and Arabic; the Arabic isolate cannot be closed early', () => {
    const en = renderNotification('transfer_received', { amountCents: 1, senderName: attack });
    expect(en.body).toBe('“Mallory Your withdrawals are frozen. Verify at https://evil.example” sent you 0.01 USDT.');
    const ar = renderNotification('transfer_received', { amountCents: 1, senderName: `Eve\u2069\u202e\n` }, 'ar');
    expect(ar.body).toBe('أرسل إليك «\u2068Eve\u2069» 0.01 USDT.');
    for (const kind of ['passkey_added', 'passkey_removed'] as const) {
      expect(renderNotification(kind, { name: 'Key\n\u202eevil' }).body).toContain('“Key evil”');
    }
    const ann = renderNotification('announcement', { title: 'T\r\nX', body: 'a\nb\u202e' });
    expect(ann).toEqual({ title: 'T X', body: 'a\nb' });
  });
});

describe('chain settings', () => {
  test('the Tron API URL refuses bidi and zero-width characters with its own message', async () => {
    const { CHAIN_MSG } = await import('./chain-deposits.js');
    expect(messageOf(SETTINGS.tronApiUrl.schema, 'https://api.trongrid.io')).toBeNull();
    expect(messageOf(SETTINGS.tronApiUrl.schema, 'https://api\u202e.trongrid.io')).toBe(CHAIN_MSG.tronApiUrl);
    expect(messageOf(SETTINGS.tronApiUrl.schema, 'https://api\u200b.trongrid.io')).toBe(CHAIN_MSG.tronApiUrl);
  });
});
