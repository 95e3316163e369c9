import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../ui/button';

interface State {
  error: Error | null;
}

/**
 * The screen boundary, cleared when the location changes: Back, Forward or a link away from a failed
 * screen shows the screen there, as the data router's per-route error boundary did. (Cleared, not
 * made anew: a key per location would remount the trade page at every change of market.)
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  return <ScreenErrorBoundary resetKey={useLocation().pathname}>{children}</ScreenErrorBoundary>;
}

/**
 * A screen that failed to render says so, and what failed, with a way back — instead of a blank
 * page (an uncaught render error unmounts the whole React tree). Nothing the trader typed is in a
 * failed screen's state any more; reloading starts from the service's state.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="mx-auto mt-16 max-w-md rounded border border-line bg-panel p-4" data-testid="screen-error">
        <h1 className="mb-2 text-base font-medium text-error">
          <Trans>This screen failed to load</Trans>
        </h1>
        <p className="mb-3 break-words text-muted">{error.message}</p>
        <p className="mb-3 text-muted">
          <Trans>Your orders and positions are safe on the exchange; reloading shows them again.</Trans>
        </p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
      </div>
    );
  }
}
