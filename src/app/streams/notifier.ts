import { i18n } from '@lingui/core';
import { noticeWords } from '../../features/toasts/notice-words';
import { noticeChannels, type Notice } from '../../lib/notices';
import { toast, type Toast } from '../../stores/toasts';
import { useTradeSettings } from '../../stores/trade-settings';
import { beep } from '../beep';

/**
 * Tells the trader about `notice` the ways they switched on (trade settings): a beep, and a browser
 * notification when the browser allows them, in the language of the moment. Nothing when the notice's events or both channels are off.
 */
export function announce(notice: Notice): void {
  const { sound, browser } = noticeChannels(notice, useTradeSettings.getState());
  if (sound) beep(notice.kinds[0]!);
  if (browser && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    const { title, body } = noticeWords(notice.message, i18n);
    try {
      new Notification(title, body ? { body } : {});
    } catch {
      // Some browsers (Android Chrome) only notify through a service worker: the toast still tells.
    }
  }
}

/** A notice the trader sees whatever the channels: a toast in its words, then the beep / notification the settings allow. */
export function toastAndAnnounce(notice: Notice, look: Pick<Toast, 'kind' | 'key'>, ttlMs: number): void {
  toast({ ...look, ...noticeWords(notice.message, i18n) }, ttlMs);
  announce(notice);
}

/** A price alert that fired: a warning toast that stays a while. */
export function tellPriceAlert(notice: Notice): void {
  toastAndAnnounce(notice, { kind: 'warn' }, 12_000);
}
