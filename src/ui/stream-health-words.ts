import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A stream's health as api/stream/stream-health.ts reports it (ui does not import api). */
export type StreamState = 'connecting' | 'live' | 'stale' | 'reconnecting' | 'offline';

/** The banner as api/stream/stream-health.ts `healthBanner` gives it: what is behind, and the cue. */
export interface HealthBannerData {
  market: StreamState | null;
  order: StreamState | null;
  cue: 'reconnecting' | 'not-answering';
}

/** One stream's state in a word, shared by the header, the banner and the panels' "as of" titles. */
export const HEALTH_WORDS: Record<StreamState, MessageDescriptor> = {
  connecting: msg`connecting`,
  live: msg`live`,
  stale: msg`stale`,
  reconnecting: msg`reconnecting`,
  offline: msg`offline`,
};

/** The banner's sentence ("Market data stale — the exchange is not answering; prices shown may be old"). */
export function healthBannerWords(b: HealthBannerData, i18n: I18n): string {
  const marketState = b.market ? i18n._(HEALTH_WORDS[b.market]) : null;
  const orderState = b.order ? i18n._(HEALTH_WORDS[b.order]) : null;
  let streams: string;
  if (marketState !== null && orderState !== null) {
    const market = i18n._(msg`Market data ${marketState}`);
    const order = i18n._(msg`order stream ${orderState}`);
    streams = i18n._(msg`${market}, ${order}`);
  } else if (marketState !== null) {
    streams = i18n._(msg`Market data ${marketState}`);
  }
  else {
    const state = orderState ?? '';
    streams = i18n._(msg`Order stream ${state}`);
  }
  const cue = i18n._(b.cue === 'reconnecting' ? msg`reconnecting…` : msg`the exchange is not answering; prices shown may be old`);
  return i18n._(msg`${streams} — ${cue}`);
}
