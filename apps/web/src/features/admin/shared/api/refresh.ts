import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What a section does with a mutation's answer: its message first, then the cache follows. */
export interface Outcome<T> {
  onSuccess?: (result: T) => void;
  onError?: (error: unknown) => void;
}

/** The answer type of a generated call. */
export type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/** Marks the given lists stale (not awaited: the message is already shown). */
export function useRefresh(keys: readonly QueryKey[]): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

/** Mutation options: the section's `onSuccess`, then `after`; its `onError`. */
export function settle<T>(outcome: Outcome<T> | undefined, after: () => void) {
  return {
    onSuccess: (result: T) => {
      outcome?.onSuccess?.(result);
      after();
    },
    onError: (error: unknown) => outcome?.onError?.(error),
  };
}
