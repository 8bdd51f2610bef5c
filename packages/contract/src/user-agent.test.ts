import { describe, expect, test } from 'vitest';
import { browserName, describeUserAgent } from './user-agent.js';

describe('describeUserAgent', () => {
  test('names the browser and the system of real User-Agent headers', () => {
    const cases: [string, string | null, string | null][] = [
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Linux'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge', 'Windows'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'macOS'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari', 'iOS'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera', 'Linux'],
      ['curl/8.5.0', null, null],
      ['', null, null],
    ];
    for (const [ua, browser, os] of cases) expect(describeUserAgent(ua), ua).toEqual({ browser, os });
  });
});

describe('browserName', () => {
  const chromeLinux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  test('names the browser and the system in either language, never the raw header', () => {
    expect(browserName(chromeLinux)).toBe('Chrome on Linux');
    expect(browserName(chromeLinux, 'ar')).toBe('Chrome على Linux');
    expect(browserName('OtherBrowser/1.0 Firefox/140.0')).toBe('Firefox');
    expect(browserName('Bot/1.0 (X11; Linux x86_64)')).toBe('a browser on Linux');
    expect(browserName('Bot/1.0 (X11; Linux x86_64)', 'ar')).toBe('متصفح على Linux');
    expect(browserName('curl/8.5.0')).toBe('unknown browser');
    expect(browserName('', 'ar')).toBe('متصفح غير معروف');
  });
  test('a line of its own starts with a capital', () => {
    expect(browserName('curl/8.5.0', 'en', { start: true })).toBe('Unknown browser');
    expect(browserName('Bot/1.0 (X11; Linux x86_64)', 'en', { start: true })).toBe('A browser on Linux');
    expect(browserName(chromeLinux, 'en', { start: true })).toBe('Chrome on Linux');
  });
});
