import { describe, expect, it } from 'vitest';
import { IDLE_PROBE_MS, probeDue, REPROBE_MS } from './order-stream-probe';

describe('when the order stream is probed', () => {
  it('once it has been quiet the idle time with nothing pending', () => {
    expect(probeDue({ now: 10_000, quietSince: 10_000 - IDLE_PROBE_MS + 1, oldestUnanswered: null, lastProbeAt: null })).toBe(false);
    expect(probeDue({ now: 10_000, quietSince: 10_000 - IDLE_PROBE_MS, oldestUnanswered: null, lastProbeAt: null })).toBe(true);
  });

  it('while something is pending, only once it has waited the re-probe time, and not again sooner', () => {
    const now = 100_000;
    expect(probeDue({ now, quietSince: 0, oldestUnanswered: now - 5_000, lastProbeAt: null })).toBe(false);
    expect(probeDue({ now, quietSince: 0, oldestUnanswered: now - REPROBE_MS, lastProbeAt: null })).toBe(true);
    expect(probeDue({ now, quietSince: 0, oldestUnanswered: now - 60_000, lastProbeAt: now - 3_000 })).toBe(false);
    expect(probeDue({ now, quietSince: 0, oldestUnanswered: now - 60_000, lastProbeAt: now - REPROBE_MS })).toBe(true);
  });
});
