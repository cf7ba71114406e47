/** Delay before retry number `attempt` (1-based): exponential from `baseMs`, capped, with jitter. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs = 5 * 60_000,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // ±20% jitter so jobs that failed together do not retry in lockstep.
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
