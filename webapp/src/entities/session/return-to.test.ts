import { describe, expect, it } from 'vitest';
import { authPath, safeReturnPath } from './return-to';

describe('return to the wanted page after /auth', () => {
  it.each([
    ['/watchlist', '/watchlist'],
    ['/marketplace?brand=zara#top', '/marketplace?brand=zara#top'],
    ['/product/4/../5', '/product/5'],
    ['/%0a//evil', '/%0a//evil'], // an odd path, but still on this site
  ])('follows the same-site path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'watchlist',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/ok\n',
    '/auth',
    '/auth?next=/x',
    '/\t/evil.example',
  ])('sends %s home instead', (raw) => {
    expect(safeReturnPath(raw)).toBe('/');
  });

  it('builds the /auth link that carries the page', () => {
    expect(authPath({ pathname: '/orders', search: '?tab=sales' })).toBe(
      '/auth?next=%2Forders%3Ftab%3Dsales',
    );
    expect(authPath('/')).toBe('/auth');
    expect(authPath()).toBe('/auth');
  });
});
