import type { Page } from '@playwright/test';

/**
 * The stored session's token (IndexedDB), or null: how a test or a benchmark knows sign-in
 * finished. Only `evaluate` is needed, so pages of `playwright` and `@playwright/test` both fit.
 */
export function storedToken(page: Pick<Page, 'evaluate'>): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('perps-session');
        open.onsuccess = () => {
          try {
            const get = open.result.transaction('session').objectStore('session').get('current');
            get.onsuccess = () => resolve((get.result as { token?: string } | undefined)?.token ?? null);
            get.onerror = () => resolve(null);
          } catch {
            resolve(null);
          }
        };
        open.onerror = () => resolve(null);
      }),
  );
}
