import { useLingui } from '@lingui/react/macro';
import { storageProblemWords } from './storage-problem-words';
import { useSessionStore } from '../wallet/session-store';

/**
 * Why this browser could not keep, forget or read back the session key (session-store
 * `storageProblem`), in a line under the header of every page with a session corner: a trader on the
 * trade page must learn before a reload that it will sign them out (or back in), not only on Wallets.
 */
export function StorageProblemBanner() {
  const { i18n } = useLingui();
  const problem = useSessionStore((s) => s.storageProblem);
  if (!problem) return null;
  return (
    <p role="alert" data-testid="storage-problem" className="border-b border-warn/40 bg-warn/10 px-3 py-1 text-center text-warn">
      {storageProblemWords(problem, i18n)}
    </p>
  );
}
