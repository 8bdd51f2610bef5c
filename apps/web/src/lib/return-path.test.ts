import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath, withReturnTarget } from './return-path';

describe('safeReturnPath: only same-origin relative paths come back', () => {
  it.each([
    ['/user/package?vip=3', '/user/package?vip=3'],
    ['/user/history?page=2', '/user/history?page=2'],
    ['/user/dashboard', '/user/dashboard'],
    ['/video/abc#top', '/video/abc#top'],
    ['/user/profile?a=%2F%2Fevil.com', '/user/profile?a=%2F%2Fevil.com'],
    ['/admin/audit?actor=a%20b', '/admin/audit?actor=a%20b'],
  ])('keeps %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/user/profile',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'http://evil.com/user',
    'javascript:alert(1)',
    'evil.com',
    'user/profile',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '/%5Cevil.com',
    '%2f%2fevil.com',
    '/%252F%252Fevil.com',
    '%252F%252Fevil.com',
    'https%3A%2F%2Fevil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' //evil.com',
    '/%09/evil.com',
    '?next=//evil.com',
    '#//evil.com',
    '',
    '/login',
    '/login?next=%2Fuser',
    '/signup',
    '/signup/friend',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('normalises dot segments so the path stays on this origin', () => {
    expect(safeReturnPath('/user/../user/statement')).toBe('/user/statement');
    expect(safeReturnPath('/..//evil.com')).toBeNull();
  });
});

describe('login links carry the target encoded', () => {
  it('encodes path and query into ?next=', () => {
    expect(loginPathFor('/user/package?vip=3')).toBe('/login?next=%2Fuser%2Fpackage%3Fvip%3D3');
    expect(new URLSearchParams(loginPathFor('/user/history?page=2').split('?')[1]).get('next')).toBe('/user/history?page=2');
  });
  it('drops an unsafe target', () => {
    expect(loginPathFor('//evil.com')).toBe('/login');
    expect(withReturnTarget('/signup', null)).toBe('/signup');
    expect(withReturnTarget('/signup', '/user/package?vip=3')).toBe('/signup?next=%2Fuser%2Fpackage%3Fvip%3D3');
  });
});
