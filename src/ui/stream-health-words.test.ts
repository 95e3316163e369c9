import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { healthBannerWords, type HealthBannerData, type StreamState } from './stream-health-words';

// What api/stream/stream-health.ts healthBanner gives for these two healths (its own test checks that).
const words = (market: StreamState, order: StreamState) => {
  const behind = (h: StreamState) => (h === 'stale' || h === 'reconnecting' || h === 'offline' ? h : null);
  const down = [market, order].some((h) => h === 'reconnecting' || h === 'offline');
  const banner: HealthBannerData = { market: behind(market), order: behind(order), cue: down ? 'reconnecting' : 'not-answering' };
  return healthBannerWords(banner, i18n);
};

describe('the stream banner in words', () => {
  it('names what is behind, in the header state words, then what is happening', () => {
    expect(words('stale', 'live')).toBe('Market data stale — the exchange is not answering; prices shown may be old');
    expect(words('reconnecting', 'offline')).toBe('Market data reconnecting, order stream offline — reconnecting…');
    expect(words('live', 'stale')).toBe('Order stream stale — the exchange is not answering; prices shown may be old');
    expect(words('offline', 'stale')).toBe('Market data offline, order stream stale — reconnecting…');
  });
});
