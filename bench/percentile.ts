/** The p-th percentile (0–100) of the values, by the nearest rank below; 0 for none. */
export function percentile(list: number[], p: number): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
