import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './latency';

describe('LatencyHistogram', () => {
  it('gives percentiles over every value recorded, at most 1.6 % above the exact ones', () => {
    const histogram = new LatencyHistogram();
    expect(histogram.percentile(99)).toBe(0);
    // 1,000 values from 0.01 to 10 ms, in no order.
    const values = Array.from({ length: 1000 }, (_, i) => ((i * 389) % 1000) / 100 + 0.01);
    for (const value of values) histogram.record(value);
    const sorted = [...values].sort((a, b) => a - b);
    expect(histogram.count).toBe(1000);
    for (const p of [1, 50, 90, 99, 100]) {
      const exact = sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
      expect(histogram.percentile(p)).toBeGreaterThanOrEqual(exact);
      expect(histogram.percentile(p)).toBeLessThanOrEqual(exact * (1 + 1 / 64) + 0.001);
    }
  });

  it('keeps an early pause in the p99 however many values follow it, until reset', () => {
    const histogram = new LatencyHistogram();
    for (let i = 0; i < 300; i++) histogram.record(40);
    for (let i = 0; i < 19_700; i++) histogram.record(2);
    expect(histogram.percentile(50)).toBeLessThan(2.1);
    expect(histogram.percentile(99)).toBeGreaterThanOrEqual(40);
    histogram.reset();
    expect(histogram.count).toBe(0);
    histogram.record(0);
    expect(histogram.percentile(50)).toBeLessThan(0.01);
  });
});
