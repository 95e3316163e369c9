import { useSignInRequest } from '../../stores/sign-in-request';

/** What the account area shows before a wallet is connected. */
export function SignInPrompt() {
  const request = useSignInRequest((s) => s.request);
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center" data-testid="account-sign-in">
      <p className="text-muted">Sign in with your wallet to see positions, orders, trades, funding and balances.</p>
      <button type="button" onClick={() => request('Sign in to see your account')} className="rounded bg-accent px-3 py-1.5 font-semibold text-bg hover:bg-accent/90">
        Sign in to trade
      </button>
    </div>
  );
}
