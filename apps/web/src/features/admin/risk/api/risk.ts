import { useQueryClient } from '@tanstack/react-query';
import {
  getListRingsQueryKey,
  useReleaseRing,
  useReverseRing,
  type RingDecisionResponse,
} from '@app/contracts';

export type RingDecision = 'release' | 'reverse';

/**
 * Releases or reverses a ring (the first of two operators' approvals when it
 * held more than the threshold): the answer says which; every list of rings
 * (the queue, a member's ring) is read again after it.
 */
export function useDecideRing(handlers: {
  onSuccess: (ring: RingDecisionResponse, decision: RingDecision) => void;
  onError: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const mutation = { onError: handlers.onError };
  const refresh = () => queryClient.invalidateQueries({ queryKey: getListRingsQueryKey() });
  const release = useReleaseRing({
    mutation: {
      ...mutation,
      onSuccess: async (ring) => {
        handlers.onSuccess(ring, 'release');
        await refresh();
      },
    },
  });
  const reverse = useReverseRing({
    mutation: {
      ...mutation,
      onSuccess: async (ring) => {
        handlers.onSuccess(ring, 'reverse');
        await refresh();
      },
    },
  });
  return {
    decide: (id: number, decision: RingDecision) =>
      (decision === 'release' ? release : reverse).mutate({ id }),
    busy: release.isPending || reverse.isPending,
  };
}
