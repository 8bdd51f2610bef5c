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
