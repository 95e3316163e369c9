import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ToastViewport } from '../features/toasts/toast-viewport';
import { SessionArea } from './session-area';
import { lastSymbol } from './symbols';
import { StorageProblemBanner } from './storage-problem-banner';

/**
 * A page beside the trade page (Wallets, Portfolio): the header with the way back to the market
 * and the page's heading, the session corner, the storage banner, the page in a scrolling main, toasts.
 */
export function SidePage({ title, children, after }: { title: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-9 shrink-0 items-center gap-3 border-b border-line bg-panel px-3">
        <Link to="/" className="font-semibold tracking-wide text-accent">
          PERPS
        </Link>
        <Link to={`/trade/${lastSymbol()}`} className="text-muted hover:text-text">
          <Trans>Trade</Trans>
        </Link>
        {/* The focus lands here on arriving from another page (use-arrival-focus.ts): a screen reader says where it is. */}
        <h1 tabIndex={-1} data-arrival-focus className="rounded px-1 text-text focus-visible:outline-2 focus-visible:outline-accent">
          {title}
        </h1>
        <div className="ml-auto">
          <SessionArea />
        </div>
      </header>
      <StorageProblemBanner />
      <main className="min-h-0 flex-1 overflow-y-auto bg-bg">{children}</main>
      {after}
      <ToastViewport />
    </div>
  );
}
