import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What this browser lets the page do with notifications. */
export type Permission = NotificationPermission | 'unsupported';

export function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (it asks the trader the first time); resolves to what it answered. */
export async function askPermission(): Promise<Permission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** Why browser notifications cannot be shown, in the trader's words; null when they can. */
export function permissionProblem(p: Permission): MessageDescriptor | null {
  if (p === 'denied') return msg`This browser blocks notifications for this site: allow them in the site settings, then switch this on again.`;
  if (p === 'unsupported') return msg`This browser cannot show notifications.`;
  if (p === 'default') return msg`The browser has not been allowed to show notifications yet.`;
  return null;
}
