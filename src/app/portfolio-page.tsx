import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PortfolioPanel } from '../features/portfolio/portfolio-panel';
import { ToastViewport } from '../features/toasts/toast-viewport';
import { SessionArea } from './session-area';
import { lastSymbol } from './symbols';
import { StorageProblemBanner } from './storage-problem-banner';

/** `/portfolio`: loaded on demand with the history walk, the figures' worker and the curves. */
export default function PortfolioPage() {
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-9 shrink-0 items-center gap-3 border-b border-line bg-panel px-3">
        <Link to="/" className="font-semibold tracking-wide text-accent">
          PERPS
        </Link>
        <Link to={`/trade/${lastSymbol()}`} className="text-muted hover:text-text">
          <Trans>Trade</Trans>
        </Link>
        {/* The focus lands here on arriving from another page (use-arrival-focus.ts). */}
        <h1 tabIndex={-1} data-arrival-focus className="rounded px-1 text-text focus-visible:outline-2 focus-visible:outline-accent">
          <Trans>Portfolio</Trans>
        </h1>
        <div className="ml-auto">
          <SessionArea />
        </div>
      </header>
      <StorageProblemBanner />
      <main className="min-h-0 flex-1 overflow-y-auto bg-bg">
        <PortfolioPanel />
      </main>
      <ToastViewport />
    </div>
  );
}
