import { describe, expect, test } from 'vitest';
import { DEPOSIT_MSG, depositBody, parseTransactionHash, transactionKey } from './deposits.js';

const hash = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('parseTransactionHash: one chain transaction, one accepted spelling', () => {
  test.each([
    [hash],
    [hash.toUpperCase()],
    [`0x${hash}`],
    [`0X${hash.toUpperCase()}`],
    [`  ${hash}\n`],
    [`https://tronscan.org/#/transaction/${hash}`],
    [`https://www.tronscan.org/#/transaction/${hash.toUpperCase()}`],
    [`https://tronscan.io/#/transaction/${hash}/`],
    [`https://tronscan.org/transaction/${hash}`],
  ])('%s → the lower-case hash', (input) => {
    expect(parseTransactionHash(input)).toBe(hash);
  });

  const fullwidth = hash.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));
  test.each([
    ['0x0x prefix', `0x0x${hash}`],
    ['zero-width space inside', `${hash.slice(0, 10)}\u200b${hash.slice(10)}`],
    ['zero-width joiner at the end', `${hash}\u200d`],
    ['byte-order mark in front', `\ufeff${hash}`],
    ['right-to-left mark', `\u200f${hash}`],
    ['a space inside', `${hash.slice(0, 32)} ${hash.slice(32)}`],
    ['fullwidth digits', fullwidth],
    ['63 digits', hash.slice(1)],
    ['65 digits', `${hash}0`],
    ['not hex', `${hash.slice(0, 63)}g`],
    ['another host', `https://evil.example/#/transaction/${hash}`],
    ['a look-alike host', `https://tronscan.org.evil.example/#/transaction/${hash}`],
    ['http link', `http://tronscan.org/#/transaction/${hash}`],
    ['credentials in the link', `https://x@tronscan.org/#/transaction/${hash}`],
    ['another route', `https://tronscan.org/#/address/${hash}`],
    ['free text', 'tx-123'],
    ['a UUID', '3f2b8c1e-8a4b-4c1d-9e2f-0a1b2c3d4e5f'],
    ['empty', ''],
  ])('%s → refused', (_name, input) => {
    expect(parseTransactionHash(input)).toBeNull();
  });

  test('the deposit form stores the canonical hash and refuses the rest with a clear message', () => {
    expect(depositBody.parse({ amount: 12, transactionId: ` 0X${hash.toUpperCase()} ` }).transactionId).toBe(hash);
    const bad = depositBody.safeParse({ amount: 12, transactionId: `0x0x${hash}` });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(DEPOSIT_MSG.transactionIdInvalid);
    expect(depositBody.safeParse({ amount: 12, transactionId: `\ufeff${hash}` }).success).toBe(false);
    expect(depositBody.safeParse({ amount: 12, transactionId: '   ' }).error?.issues[0].message).toBe(DEPOSIT_MSG.transactionIdRequired);
  });

  test('transactionKey stays lenient for claims recorded before hashes were required', () => {
    expect(transactionKey(`0x${hash.toUpperCase()}`)).toBe(hash);
    expect(transactionKey('  legacy-id ')).toBe('legacy-id');
  });
});
