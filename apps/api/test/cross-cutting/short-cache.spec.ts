import { setTimeout as sleep } from 'node:timers/promises';
import { ShortCache } from '../../src/common/short-cache';

describe('ShortCache: answers kept a short while, one read shared by the callers waiting for it', () => {
  const counter = () => {
    let reads = 0;
    return {
      read: async () => {
        reads++;
        await sleep(5);
        return reads;
      },
      get reads() {
        return reads;
      },
    };
  };

  it('shares one read among concurrent callers, keeps it ttlMs, then serves it while the next read runs', async () => {
    const cache = new ShortCache<string, number>(200);
    const source = counter();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.get('a', source.read)),
    );
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(await cache.get('a', source.read)).toBe(1);
    expect(await cache.get('b', source.read)).toBe(2);
    await sleep(250);
    // Stale: the first caller starts the next read, and nobody waits for it meanwhile.
    expect(await cache.get('a', source.read)).toBe(1);
    expect(await cache.get('a', source.read)).toBe(1);
    expect(source.reads).toBe(3);
    await sleep(30);
    expect(await cache.get('a', source.read)).toBe(3);
    expect(source.reads).toBe(3);
  });

  it('drops a stale answer whose next read failed: the caller after reads and waits', async () => {
    const cache = new ShortCache<string, number>(50);
    const source = counter();
    expect(await cache.get('a', source.read)).toBe(1);
    await sleep(80);
    expect(await cache.get('a', () => Promise.reject(new Error('down')))).toBe(1);
    await sleep(5);
    expect(await cache.get('a', source.read)).toBe(2);
  });

  it('reads again after clear(), and after a failed read', async () => {
    const cache = new ShortCache<string, number>(60_000);
    const source = counter();
    expect(await cache.get('a', source.read)).toBe(1);
    cache.clear();
    expect(await cache.get('a', source.read)).toBe(2);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', source.read)).toBe(3);
  });

  it('keeps nothing at ttlMs 0, and at most maxKeys keys (the oldest goes)', async () => {
    const off = new ShortCache<string, number>(0);
    const source = counter();
    await off.get('a', source.read);
    await off.get('a', source.read);
    expect(source.reads).toBe(2);
    const small = new ShortCache<string, number>(60_000, 2);
    await small.get('a', source.read);
    await small.get('b', source.read);
    await small.get('c', source.read);
    expect(source.reads).toBe(5);
    await small.get('c', source.read);
    await small.get('b', source.read);
    expect(source.reads).toBe(5);
    await small.get('a', source.read);
    expect(source.reads).toBe(6);
  });
});
