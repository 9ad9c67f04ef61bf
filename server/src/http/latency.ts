/** Sub-buckets per power of two: a value is reported at most 1/64 (1.6 %) above what it was. */
const SUB_BUCKETS = 64;
/** Powers of two of microseconds covered: up to 2^40 µs (about 12 days). */
const OCTAVES = 41;

/**
 * Durations since the last reset as a log-linear histogram (as HdrHistogram keeps them):
 * constant memory, a few operations per value, and percentiles over every value recorded,
 * not over a recent window (a window of the last 10,000 requests held the last second of a
 * 10-second benchmark run, so one pause in that second decided its p99).
 */
export class LatencyHistogram {
  private readonly counts = new Float64Array(OCTAVES * SUB_BUCKETS);
  private total = 0;

  get count(): number {
    return this.total;
  }

  record(ms: number): void {
    const us = Math.max(1, ms * 1000);
    const octave = Math.min(OCTAVES - 1, Math.floor(Math.log2(us)));
    const sub = Math.min(SUB_BUCKETS - 1, Math.floor((us / 2 ** octave - 1) * SUB_BUCKETS));
    this.counts[octave * SUB_BUCKETS + sub]!++;
    this.total++;
  }

  /** The p-th percentile (0-100) in ms: the upper bound of the bucket that holds it (0 when empty). */
  percentile(p: number): number {
    if (!this.total) return 0;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let index = 0; index < this.counts.length; index++) {
      seen += this.counts[index]!;
      if (seen >= rank) {
        const octave = Math.floor(index / SUB_BUCKETS);
        const sub = index % SUB_BUCKETS;
        return (2 ** octave * (1 + (sub + 1) / SUB_BUCKETS)) / 1000;
      }
    }
    return 0;
  }

  reset(): void {
    this.counts.fill(0);
    this.total = 0;
  }
}
