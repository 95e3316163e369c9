import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { healthBanner } from '../../api/stream/stream-health';
import { healthBannerWords } from './stream-health-words';

const words = (...h: Parameters<typeof healthBanner>) => healthBannerWords(healthBanner(...h)!, i18n);

describe('the stream banner in words', () => {
  it('names what is behind, in the header state words, then what is happening', () => {
    expect(words('stale', 'live')).toBe('Market data stale — the exchange is not answering; prices shown may be old');
    expect(words('reconnecting', 'offline')).toBe('Market data reconnecting, order stream offline — reconnecting…');
    expect(words('live', 'stale')).toBe('Order stream stale — the exchange is not answering; prices shown may be old');
    expect(words('offline', 'stale')).toBe('Market data offline, order stream stale — reconnecting…');
  });
});
