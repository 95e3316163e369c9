import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A span of time as a trader reads it: "5 s", "2 min 30 s", "1 h 5 min" (seconds rounded up). */
export function spanWords(ms: number): MessageDescriptor {
  const all = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(all / 3600);
  const m = Math.floor((all % 3600) / 60);
  const s = all % 60;
  if (h > 0) return m > 0 ? msg`${h} h ${m} min` : msg`${h} h`;
  if (m > 0) return s > 0 ? msg`${m} min ${s} s` : msg`${m} min`;
  return msg`${s} s`;
}
