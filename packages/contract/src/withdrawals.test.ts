import { describe, expect, it } from 'vitest';
import { renderNotification } from './notifications.js';
import { WITHDRAW_MSG, tronAddressProblem, withdrawBody, withdrawPayoutBody, withdrawalFeeCents } from './withdrawals.js';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('tronAddressProblem', () => {
  it('accepts a Tron address and names what is wrong with anything else', () => {
    expect(tronAddressProblem(USDT)).toBeNull();
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe('checksum');
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe('address');
    expect(tronAddressProblem('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('address');
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8 Y4pL8otSzgjLj6t')).toBe('address');
    // A base58check payload of the right length whose first byte is not 0x41 (a Bitcoin-style address made 34 long).
    expect(tronAddressProblem('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'.padEnd(34, '2'))).toBe('address');
  });

  it('the withdrawal body trims the address and refuses the rest with the message', () => {
    expect(withdrawBody.parse({ amount: 1, paymentId: ` ${USDT} ` }).paymentId).toBe(USDT);
    const bad = withdrawBody.safeParse({ amount: 1, paymentId: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(WITHDRAW_MSG.checksum);
  });
});

describe('withdrawalFeeCents', () => {
  it('is the fixed fee plus the percentage, rounded half up to the cent', () => {
    expect(withdrawalFeeCents(10_000, { fixedCents: 100, percentBp: 250 })).toBe(350);
    expect(withdrawalFeeCents(1_000, { fixedCents: 0, percentBp: 125 })).toBe(13); // 12.5 → 13
    expect(withdrawalFeeCents(1_000, { fixedCents: 0, percentBp: 0 })).toBe(0);
  });
});

describe('withdrawPayoutBody', () => {
  it('takes 64 hex digits, with 0x, spaces or capitals; nothing else', () => {
    expect(withdrawPayoutBody.parse({ transactionId: ` 0x${'AB'.repeat(32)} ` }).transactionId).toBe('ab'.repeat(32));
    expect(withdrawPayoutBody.safeParse({ transactionId: 'ab'.repeat(31) }).success).toBe(false);
  });
});

describe('the paid notification', () => {
  it('carries the payout transaction and its explorer link, in English and in Arabic', () => {
    const txId = 'ab'.repeat(32);
    for (const lang of ['en', 'ar'] as const) {
      const { body } = renderNotification('withdrawal_processed', { amountCents: 1950, paymentId: USDT, txId }, lang);
      expect(body, lang).toContain(`https://tronscan.org/#/transaction/${txId}`);
    }
    expect(renderNotification('withdrawal_processed', { amountCents: 1950, paymentId: USDT }, 'en').body).not.toContain('tronscan');
  });
});
