import { describe, expect, it } from 'vitest';
import { cacheKeyFor, isCachableApiRequest, memberOfAuthorization } from './offline-cache';

const origin = 'https://club.example';
const get = (path: string, accept = 'application/json') =>
  isCachableApiRequest('GET', new URL(path, origin), accept, origin);

/** A token with this payload (the worker does not check signatures). */
function bearer(payload: object): string {
  const part = btoa(JSON.stringify(payload))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `Bearer h.${part}.s`;
}

describe('isCachableApiRequest', () => {
  it('keeps the member app JSON reads', () => {
    expect(get('/api/users/me')).toBe(true);
    expect(get('/api/balance?add=true')).toBe(true);
  });

  it('leaves writes, streams, tokens, files, other origins and the console alone', () => {
    expect(
      isCachableApiRequest('POST', new URL('/api/users/me', origin), 'application/json', origin),
    ).toBe(false);
    expect(get('/api/users/me/events', 'text/event-stream')).toBe(false);
    expect(get('/api/users/me/events')).toBe(false);
    expect(get('/api/token')).toBe(false);
    expect(get('/api/admin/users')).toBe(false);
    expect(get('/api/files/1', 'image/*')).toBe(false);
    expect(get('/assets/index.js')).toBe(false);
    expect(
      isCachableApiRequest(
        'GET',
        new URL('https://other.example/api/users/me'),
        'application/json',
        origin,
      ),
    ).toBe(false);
  });
});

describe('memberOfAuthorization', () => {
  it('reads the member id of a bearer token', () => {
    expect(memberOfAuthorization(bearer({ sub: 42, sid: 'x' }))).toBe('42');
    expect(memberOfAuthorization(bearer({ sub: '7' }))).toBe('7');
  });

  it('answers anon without a readable member id', () => {
    expect(memberOfAuthorization(null)).toBe('anon');
    expect(memberOfAuthorization('Bearer nonsense')).toBe('anon');
    expect(memberOfAuthorization(bearer({ sub: '../x' }))).toBe('anon');
    expect(memberOfAuthorization('Basic abc')).toBe('anon');
  });
});

describe('cacheKeyFor', () => {
  it('keeps two members answers to one URL apart', () => {
    const url = `${origin}/api/balance?add=true`;
    expect(cacheKeyFor(url, '1')).not.toBe(cacheKeyFor(url, '2'));
    expect(cacheKeyFor(url, '1')).toBe(`${origin}/api/balance?add=true&__member=1`);
  });
});
