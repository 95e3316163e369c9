import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useServiceConfig } from '../../api/react';
import { loadEvm } from '../../wallet/evm-runtime';
import type { EvmWalletOption } from '../../wallet/evm-wallets';
import { serviceExtras } from '../../wallet/service-extras';
import type { WalletSigner } from '../../wallet/wallet-signer';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useDialogFocus } from '../../ui/use-dialog-focus';
import { useSignIn, watchWalletAccount } from './use-sign-in';
import { WalletOption } from './wallet-option';

const SolanaOptions = lazy(() => import('./solana-options'));

const LIFETIMES = [
  { label: '1 hour', seconds: 3_600 },
  { label: '24 hours', seconds: 86_400 },
  { label: '7 days', seconds: 604_800 },
];

/** The header's account menu button, drawn once signed in where the Sign in button was. */
const accountMenuButton = () => document.querySelector<HTMLElement>('[data-testid=account-menu] button');

type Watch = (onChange: (address: string | null) => void) => () => void;

/**
 * The sign-in modal: devnet wallet, EVM wallets (wagmi, EIP-6963), Solana wallets (Wallet
 * Standard). A modal over the page, so a re-sign-in keeps everything typed underneath.
 */
export function SignInDialog() {
  const dialog = useSignInRequest((s) => s.dialog);
  if (!dialog.open) return null;
  return <DialogBody reason={dialog.reason} reauth={dialog.reauth} />;
}

function DialogBody({ reason, reauth }: { reason: string | null; reauth: boolean }) {
  const config = useServiceConfig();
  const close = useSignInRequest((s) => s.close);
  const [lifetime, setLifetime] = useState(86_400);
  const [evmOptions, setEvmOptions] = useState<EvmWalletOption[] | null>(null);
  const [walletError, setWalletError] = useState<string | null>(null);
  const signIn = useSignIn();
  const testWallet = serviceExtras(config).testWallet;

  useEffect(() => {
    let off: (() => void) | undefined;
    let live = true;
    void loadEvm(config).then(({ evm, config: wagmi }) => {
      if (live) off = evm.watchEvmWallets(wagmi, setEvmOptions);
    });
    return () => {
      live = false;
      off?.();
    };
  }, [config]);

  // The dialog takes the focus (named "Sign in"), keeps it, and gives it back on close: to the
  // button that opened it, or once signed in (that button gone) to the account menu.
  const box = useRef<HTMLDivElement>(null);
  useDialogFocus(box, { onEscape: close, fallbackFocus: accountMenuButton });

  const run = (wallet: WalletSigner, watch?: Watch) => {
    setWalletError(null);
    signIn.mutate(
      { wallet, lifetimeSeconds: lifetime },
      {
        onSuccess: () => {
          if (watch) watchWalletAccount(watch);
          close();
        },
      },
    );
  };
  const fail = (e: unknown) => setWalletError(e instanceof Error ? e.message : String(e));
  const busy = signIn.isPending;
  const error = walletError ?? signIn.error?.message ?? null;

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/60 pt-[12vh]" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div ref={box} tabIndex={-1} role="dialog" aria-modal="true" aria-label="Sign in" className="w-[380px] rounded-md border border-line bg-panel p-4 shadow-2xl outline-none">
        <div className="mb-2 flex items-center">
          <h2 className="text-sm font-semibold">{reauth ? 'Sign in again' : 'Sign in'}</h2>
          <button type="button" aria-label="Close" className="ml-auto px-1 text-muted hover:text-text" onClick={close}>
            ✕
          </button>
        </div>
        {reason && (
          <p className="mb-2 rounded border border-warn/40 bg-warn/10 px-2 py-1.5 text-warn" data-testid="sign-in-reason">
            {reason}
          </p>
        )}
        <p className="mb-3 text-muted">
          Your wallet signs a sign-in message. It costs no gas and moves no funds; a temporary session key kept in this browser then
          signs your orders until the session ends.
        </p>
        <label className="mb-3 flex items-center justify-between gap-2">
          <span className="text-muted">Stay signed in for</span>
          <select className="rounded border border-line bg-panel-2 px-1 py-0.5" value={lifetime} onChange={(e) => setLifetime(Number(e.target.value))}>
            {LIFETIMES.map((l) => (
              <option key={l.seconds} value={l.seconds}>
                {l.label}
              </option>
            ))}
          </select>
        </label>

        <div className="flex flex-col gap-1.5">
          {testWallet && (
            <WalletOption
              name="Devnet wallet"
              detail="local test account · BSC"
              disabled={busy}
              onClick={() => void testWallet().then((w) => run(w), fail)}
            />
          )}
          <h3 className="mt-1 text-[11px] uppercase tracking-wide text-muted">BSC (EVM)</h3>
          {evmOptions === null ? (
            <p className="text-muted">Looking for wallets…</p>
          ) : evmOptions.length === 0 ? (
            <p className="text-muted">No EVM wallet found in this browser (MetaMask, Rabby…).</p>
          ) : (
            evmOptions.map((o) => (
              <WalletOption
                key={o.uid}
                name={o.name}
                icon={o.icon}
                detail="BSC"
                disabled={busy}
                onClick={() =>
                  void loadEvm(config)
                    .then(async ({ evm, config: wagmi }) => {
                      const signer = await evm.connectEvmWallet(wagmi, o.uid);
                      run(signer, (onChange) => evm.watchEvmAccount(wagmi, onChange));
                    })
                    .catch(fail)
                }
              />
            ))
          )}
          <h3 className="mt-1 text-[11px] uppercase tracking-wide text-muted">Solana</h3>
          <Suspense fallback={<p className="text-muted">Looking for wallets…</p>}>
            <SolanaOptions disabled={busy} onSigner={(s, watch) => run(s, watch)} onError={fail} />
          </Suspense>
        </div>

        {busy && !signIn.message && <p className="mt-3 text-muted">Checking the sign-in challenge…</p>}
        {signIn.message && (
          <div className="mt-3">
            <p className="mb-1 text-muted">{busy ? 'Confirm in your wallet. You are signing:' : 'You signed:'}</p>
            <pre className="max-h-40 overflow-auto whitespace-pre-wrap rounded bg-bg p-2 text-[11px] text-muted" aria-label="Message to sign">
              {signIn.message}
            </pre>
          </div>
        )}
        {error && (
          <p role="alert" className="mt-3 rounded border border-error/40 bg-error/10 px-2 py-1.5 text-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
