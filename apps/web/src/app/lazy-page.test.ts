import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWithRetries } from './lazy-page';

const failed = () => new TypeError('Failed to fetch dynamically imported module');

describe('loadWithRetries', () => {
  afterEach(() => vi.useRealTimers());

  it('tries a chunk that did not arrive again, and answers once it does', async () => {
    const load = vi
      .fn<() => Promise<{ Films: string }>>()
      .mockRejectedValueOnce(failed())
      .mockRejectedValueOnce(failed())
      .mockResolvedValueOnce({ Films: 'films' });
    await expect(loadWithRetries(load, [1, 1])).resolves.toEqual({ Films: 'films' });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last try with the last failure', async () => {
    const last = failed();
    const load = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(failed())
      .mockRejectedValueOnce(failed())
      .mockRejectedValueOnce(last);
    await expect(loadWithRetries(load, [1, 1])).rejects.toBe(last);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('waits 300 ms, then a second, before trying again', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<unknown>>().mockRejectedValue(failed());
    const result = loadWithRetries(load);
    result.catch(() => {});
    await vi.advanceTimersByTimeAsync(299);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(result).rejects.toThrow('Failed to fetch');
  });
});
