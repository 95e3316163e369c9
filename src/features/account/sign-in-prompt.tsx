import { Trans, useLingui } from '@lingui/react/macro';
import { useSignInRequest } from '../../stores/sign-in-request';

/** What the account area shows before a wallet is connected. */
export function SignInPrompt() {
  const { t } = useLingui();
  const request = useSignInRequest((s) => s.request);
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center" data-testid="account-sign-in">
      <p className="text-muted">
        <Trans>Sign in with your wallet to see positions, orders, trades, funding and balances.</Trans>
      </p>
      <button type="button" onClick={() => request(t`Sign in to see your account`)} className="rounded bg-accent px-3 py-1.5 font-semibold text-bg hover:bg-accent/90">
        <Trans>Sign in to trade</Trans>
      </button>
    </div>
  );
}
