/**
 * Polls until `check` returns a value other than undefined, or fails after
 * `ms` naming `what` and the last error `check` threw.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms = 10_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not met within ${ms} ms${last ? `: ${String(last)}` : ''}`);
}
