import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { SettingsMenu } from '../features/settings/settings-menu';
import { SignInButton } from '../features/session/sign-in-button';
import { GeoNotice } from '../features/wallets/geo-notice';
import { useSessionStore } from '../wallet/session-store';
import { beep } from './beep';
import { useNotifications } from './use-notifications';

const testBeep = () => beep('test');

/**
 * The header's session corner: the Portfolio and Wallets links, the "Acting as vault" label, the sign-in button /
 * account menu (which also answers "Sign in to trade" requests and prompts re-sign-in), the geo notice,
 * the settings gear; and the notifications that come from no single order push (health, withdrawals).
 */
export function SessionArea() {
  const { t } = useLingui();
  const vault = useSessionStore((s) => s.vault);
  const session = useSessionStore((s) => s.session);
  const path = useLocation().pathname;
  const onWallets = path.startsWith('/wallets');
  const onPortfolio = path.startsWith('/portfolio');
  useNotifications();
  return (
    <div className="flex items-center gap-1 sm:gap-2" data-testid="session-area">
      {!onPortfolio && (
        <Link to="/portfolio" className="rounded px-1 py-1 text-muted hover:text-text sm:px-2" data-testid="portfolio-link">
          <Trans>Portfolio</Trans>
        </Link>
      )}
      {!onWallets && (
        <Link to="/wallets" className="rounded px-1 py-1 text-muted hover:text-text sm:px-2" data-testid="wallets-link">
          <Trans>Wallets</Trans>
        </Link>
      )}
      {session && vault && (
        <span className="num rounded border border-accent/50 bg-accent/10 px-1.5 py-0.5 text-accent" data-testid="vault-label" title={t`Every request and stream acts as this vault`}>
          <Trans>Acting as vault {vault}</Trans>
        </span>
      )}
      <SettingsMenu playSound={testBeep} />
      <SignInButton />
      {!onWallets && <GeoNotice />}
    </div>
  );
}
