import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

test('defaults: APP_URL follows PORT; https turns on secure cookies', () => {
  expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
  expect(loadConfig({ PORT: '3100' }).APP_URL).toBe('http://localhost:3100');
  expect(loadConfig({ APP_URL: 'https://points.example.com/' })).toMatchObject({ APP_URL: 'https://points.example.com', secure: true });
  expect(loadConfig({}).secure).toBe(false);
});

test('a bad value stops the start with a message naming the variable', () => {
  expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  expect(() => loadConfig({ APP_URL: 'ftp://x' })).toThrow(/APP_URL/);
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  expect(() => loadConfig({ SUBSCRIPTION_PRICE: '1.234' })).toThrow(/SUBSCRIPTION_PRICE/);
  expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
});

test('SIGNUP_LIMIT_PER_HOUR: 20 by default (also when empty), 0 turns it off, anything but a whole number stops the start', () => {
  expect(loadConfig({}).SIGNUP_LIMIT_PER_HOUR).toBe(20);
  expect(loadConfig({ SIGNUP_LIMIT_PER_HOUR: '' }).SIGNUP_LIMIT_PER_HOUR).toBe(20);
  expect(loadConfig({ SIGNUP_LIMIT_PER_HOUR: '0' }).SIGNUP_LIMIT_PER_HOUR).toBe(0);
  expect(loadConfig({ SIGNUP_LIMIT_PER_HOUR: ' 5 ' }).SIGNUP_LIMIT_PER_HOUR).toBe(5);
  for (const bad of ['-1', '2.5', 'ten', '1e3']) expect(() => loadConfig({ SIGNUP_LIMIT_PER_HOUR: bad }), bad).toThrow(/SIGNUP_LIMIT_PER_HOUR/);
});

test('METRICS_ALLOW: loopback by default (also when empty), addresses and CIDR ranges or none; METRICS_TOKEN empty or 16+ characters', () => {
  expect(loadConfig({}).METRICS_ALLOW).toBe('127.0.0.1,::1');
  expect(loadConfig({ METRICS_ALLOW: ' ' }).METRICS_ALLOW).toBe('127.0.0.1,::1');
  expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).METRICS_ALLOW).toBe('10.0.0.0/8, 192.168.1.7,fd00::/8');
  expect(loadConfig({ METRICS_ALLOW: 'none' }).METRICS_ALLOW).toBe('none');
  for (const bad of ['10.0.0.0/33', '::1/129', 'localhost', '10.0.0.0/8/1', '10.0.0.0/', '10.0.0.1,,::1', '*']) {
    expect(() => loadConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW/);
  }
  expect(loadConfig({}).METRICS_TOKEN).toBe('');
  expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).METRICS_TOKEN).toBe('a'.repeat(16));
  for (const bad of ['short', 'sixteen chars ok?']) expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(/METRICS_TOKEN/);
});

test('the platform settings variables (first-start defaults) use the settings page\'s own schemas', () => {
  expect(loadConfig({})).toMatchObject({ DEPOSIT_ADDRESS: '', SUPPORT_EMAIL: 'support@example.com', SUPPORT_PHONE: '+971 4 000 0000', SUBSCRIPTION_PRICE: 0, SUBSCRIPTION_MIN_BALANCE: 1200 });
  expect(loadConfig({ SUBSCRIPTION_PRICE: '5', SUPPORT_EMAIL: ' Help@Example.COM ', SUPPORT_PHONE: '' })).toMatchObject({ SUBSCRIPTION_PRICE: 500, SUPPORT_EMAIL: 'help@example.com', SUPPORT_PHONE: '+971 4 000 0000' });
  expect(() => loadConfig({ DEPOSIT_ADDRESS: '0x52908400098527886E0F7030069857D2E4169EE7' })).toThrow(/DEPOSIT_ADDRESS: Deposit address must be a Tron/);
  expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' })).toThrow(/SUPPORT_EMAIL/);
  expect(() => loadConfig({ SUPPORT_PHONE: 'call us' })).toThrow(/SUPPORT_PHONE/);
  expect(() => loadConfig({ SUBSCRIPTION_MIN_BALANCE: '-1' })).toThrow(/SUBSCRIPTION_MIN_BALANCE/);
});

test('chain deposit variables: TRON_API_URL empty by default (the manual flow), each checked by its setting\'s schema', () => {
  expect(loadConfig({})).toMatchObject({ TRON_API_URL: '', TRON_API_KEY: '', USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', TRON_POLL_MS: '15000', DEPOSIT_WINDOW_MIN: '60' });
  expect(loadConfig({ TRON_API_URL: 'https://api.trongrid.io/', TRON_POLL_MS: '5000' })).toMatchObject({ TRON_API_URL: 'https://api.trongrid.io', TRON_POLL_MS: '5000' });
  expect(() => loadConfig({ TRON_API_URL: 'api.trongrid.io' })).toThrow(/TRON_API_URL: Tron API URL must be/);
  expect(() => loadConfig({ TRON_API_KEY: 'a key' })).toThrow(/TRON_API_KEY/);
  expect(() => loadConfig({ USDT_CONTRACT: '0xdac17f958d2ee523a2206206994597c13d831ec7' })).toThrow(/USDT_CONTRACT/);
  expect(() => loadConfig({ TRON_POLL_MS: '50' })).toThrow(/TRON_POLL_MS/);
  expect(() => loadConfig({ DEPOSIT_WINDOW_MIN: '0' })).toThrow(/DEPOSIT_WINDOW_MIN/);
});
