import { useEconomyBaselines, type EconomyBaselines } from '@app/contracts';

/**
 * What raises are held against (GET /admin/economy/baselines): the percentage
 * (0 while unknown: no warning) and a target's approved value, or undefined
 * when it has none yet (its value in force is then the baseline).
 */
export function useApproved() {
  const baselines = useEconomyBaselines();
  const percent = baselines.data?.raise_percent ?? 0;
  const approved = (target: EconomyBaselines['baselines'][number]['target'], id: number | null) =>
    baselines.data?.baselines.find((b) => b.target === target && b.target_id === id)?.value;
  return { percent, approved };
}
