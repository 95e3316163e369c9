import { useState } from 'react';
import { useServiceConfig } from '../../api/react';
import { devnetWallet } from '../../wallet/devnet-wallet';
import { useSessionStore } from '../../wallet/session-store';
import { useSignIn } from './use-sign-in';

const LIFETIMES = [
  { label: '1 hour', seconds: 3_600 },
  { label: '24 hours', seconds: 86_400 },
  { label: '7 days', seconds: 604_800 },
];

/** Sign in / account menu in the top bar. */
export function SignInButton() {
  const config = useServiceConfig();
  const session = useSessionStore((s) => s.session);
  const signOut = useSessionStore((s) => s.signOut);
  const [open, setOpen] = useState(false);
  const [lifetime, setLifetime] = useState(86_400);
  const signIn = useSignIn();

  if (session) {
    return (
      <div className="flex items-center gap-2" data-testid="account-menu">
        <span className="num rounded bg-panel-2 px-2 py-1" title={`${session.chain} ${session.address}`}>
          {session.address.slice(0, 6)}…{session.address.slice(-4)}
        </span>
        <button type="button" className="rounded px-2 py-1 text-muted hover:text-text" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    );
  }

  return (
    <div className="relative">
      <button type="button" className="rounded bg-accent px-3 py-1 font-medium text-bg hover:opacity-90" onClick={() => setOpen((v) => !v)}>
        Sign in
      </button>
      {open && (
        <div role="dialog" aria-label="Sign in" className="absolute right-0 z-20 mt-1 w-80 rounded border border-line bg-panel p-3 shadow-xl">
          <p className="mb-2 text-muted">
            Signing a message proves you own the wallet. It costs no gas and moves no funds; a temporary session key then signs your orders.
          </p>
          <label className="mb-2 flex items-center justify-between gap-2">
            <span className="text-muted">Stay signed in for</span>
            <select className="rounded border border-line bg-panel-2 px-1 py-0.5" value={lifetime} onChange={(e) => setLifetime(Number(e.target.value))}>
              {LIFETIMES.map((l) => (
                <option key={l.seconds} value={l.seconds}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          {config.isDevnet && (
            <button
              type="button"
              className="w-full rounded border border-line bg-panel-2 px-3 py-2 text-left hover:border-accent"
              disabled={signIn.isPending}
              onClick={async () => {
                const wallet = await devnetWallet();
                signIn.mutate({ wallet, lifetimeSeconds: lifetime }, { onSuccess: () => setOpen(false) });
              }}
            >
              <span className="font-medium">Devnet wallet</span>
              <span className="block text-muted">A local test account, no extension needed</span>
            </button>
          )}
          {signIn.isPending && <p className="mt-2 text-muted">Waiting for the wallet signature…</p>}
          {signIn.message && (
            <pre className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap rounded bg-bg p-2 text-[11px] text-muted" aria-label="Message to sign">
              {signIn.message}
            </pre>
          )}
          {signIn.error && (
            <p role="alert" className="mt-2 text-down">
              {signIn.error.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
