import { describe, expect, test } from 'vitest';
import { CHAIN_MSG, CHAIN_SETTINGS, depositRequestBody } from './chain-deposits.js';
import { SETTINGS } from './settings.js';

describe('chain deposit settings', () => {
  test('are in the registry, named after their variables', () => {
    for (const [name, def] of Object.entries(CHAIN_SETTINGS)) expect(SETTINGS[name as keyof typeof SETTINGS]).toBe(def);
    expect(Object.values(CHAIN_SETTINGS).map((d) => d.env)).toEqual(['TRON_API_URL', 'TRON_API_KEY', 'USDT_CONTRACT', 'TRON_POLL_MS', 'TRON_XPUB', 'DEPOSIT_WINDOW_MIN']);
  });

  test('TRON_API_URL: empty or an http(s) address, trailing slashes dropped', () => {
    const s = CHAIN_SETTINGS.tronApiUrl.schema;
    expect(s.parse('')).toBe('');
    expect(s.parse(' https://api.trongrid.io/ ')).toBe('https://api.trongrid.io');
    expect(s.parse('http://127.0.0.1:8090')).toBe('http://127.0.0.1:8090');
    for (const bad of ['api.trongrid.io', 'ftp://x', 'https://a b', 'https://x?y=1', 'javascript:alert(1)']) {
      expect(s.safeParse(bad).success, bad).toBe(false);
      expect(s.safeParse(bad).error?.issues[0].message).toBe(CHAIN_MSG.tronApiUrl);
    }
  });

  test('key, contract, poll interval and window', () => {
    expect(CHAIN_SETTINGS.tronApiKey.schema.parse('')).toBe('');
    expect(CHAIN_SETTINGS.tronApiKey.schema.safeParse('a key\n').success).toBe(false);
    expect(CHAIN_SETTINGS.usdtContract.schema.parse('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(CHAIN_SETTINGS.usdtContract.schema.safeParse('').success).toBe(false);
    expect(CHAIN_SETTINGS.tronPollMs.schema.parse('15000')).toBe('15000');
    expect(CHAIN_SETTINGS.tronPollMs.schema.parse(300)).toBe('300');
    for (const bad of ['99', '0', '-1', '1.5', '3600001', 'soon']) expect(CHAIN_SETTINGS.tronPollMs.schema.safeParse(bad).success, bad).toBe(false);
    expect(CHAIN_SETTINGS.depositWindowMin.schema.parse(' 060 ')).toBe('60');
    for (const bad of ['0', '1441', '']) expect(CHAIN_SETTINGS.depositWindowMin.schema.safeParse(bad).success, bad).toBe(false);
  });

  test('a payment request amount: required, positive, at most 2 decimals', () => {
    expect(depositRequestBody.parse({ amount: 20 })).toEqual({ amount: 2000 });
    expect(depositRequestBody.parse({ amount: '20.01' })).toEqual({ amount: 2001 });
    expect(depositRequestBody.safeParse({}).error?.issues[0].message).toBe('Amount is required');
    for (const bad of [0, -1, 0.001, '1e3', 1_000_000.01]) expect(depositRequestBody.safeParse({ amount: bad }).success, String(bad)).toBe(false);
  });
});
