/** `promise`, or a rejection after `ms`: a stuck dependency never holds a probe or a scrape. */
export const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
