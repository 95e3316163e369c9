import { i18n } from '@lingui/core';
import { noticeWords } from '../features/toasts/notice-words';
import type { Notice } from '../lib/notices';
import { toast } from '../stores/toasts';
import { announce } from './streams/notifier';

/** A price alert that fired: a toast that stays a while, and the sound or notification the settings ask for. */
export function tellPriceAlert(notice: Notice): void {
  const { title, body } = noticeWords(notice.message, i18n);
  toast({ kind: 'warn', title, ...(body ? { body } : {}) }, 12_000);
  announce(notice);
}
