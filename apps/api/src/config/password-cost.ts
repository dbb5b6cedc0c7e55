/**
 * argon2id's cost: memory in KiB and passes, one lane. OWASP's Password
 * Storage Cheat Sheet lists five configurations of equal strength for
 * argon2id; a configuration is allowed when its memory is at least the one
 * listed for its passes (more passes than five: five's memory).
 */
export const OWASP_ARGON2ID_MINIMUMS: ReadonlyArray<{ passes: number; memoryKib: number }> = [
  { passes: 1, memoryKib: 47_104 },
  { passes: 2, memoryKib: 19_456 },
  { passes: 3, memoryKib: 12_288 },
  { passes: 4, memoryKib: 9_216 },
  { passes: 5, memoryKib: 7_168 },
];

/** The smallest memory OWASP allows for this many passes. */
export function owaspMinimumMemoryKib(passes: number): number {
  const row = OWASP_ARGON2ID_MINIMUMS.find((r) => r.passes === Math.min(passes, 5));
  return row ? row.memoryKib : Number.POSITIVE_INFINITY;
}

/**
 * The default: OWASP's 19 MiB and 2 passes. The library's default (64 MiB,
 * 3 passes) costs five times the CPU and three times the memory for the
 * same strength by OWASP's table; at a rush of sign-ins that was a third of
 * a core and 64 MiB per hash running (issue 41, docs/decisions.md).
 */
export const DEFAULT_PASSWORD_COST = { memoryKib: 19_456, passes: 2 } as const;
