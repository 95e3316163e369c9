import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useServiceConfig } from '../../api/react';
import { loadEvm } from '../../wallet/evm-runtime';
import type { EvmWalletOption } from '../../wallet/evm-wallets';
import { serviceExtras } from '../../wallet/service-extras';
import type { WalletSigner } from '../../wallet/wallet-signer';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useDialogFocus } from '../../ui/use-dialog-focus';
import { signInErrorWords } from './session-words';
import { useSignIn, watchWalletAccount } from './use-sign-in';
import { WalletOption } from './wallet-option';

const SolanaOptions = lazy(() => import('./solana-options'));

const LIFETIMES: { label: MessageDescriptor; seconds: number }[] = [
  { label: msg`1 hour`, seconds: 3_600 },
  { label: msg`24 hours`, seconds: 86_400 },
  { label: msg`7 days`, seconds: 604_800 },
];

// eslint-disable-next-line lingui/no-unlocalized-strings -- chains' names, the same in every language
const CHAIN_HEADINGS = { bsc: 'BSC (EVM)', solana: 'Solana' } as const;

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
  const { t, i18n } = useLingui();
  const config = useServiceConfig();
  const close = useSignInRequest((s) => s.close);
  const [lifetime, setLifetime] = useState(86_400);
  const [evmOptions, setEvmOptions] = useState<EvmWalletOption[] | null>(null);
  // What connecting the wallet threw (said in words when drawn).
  const [walletError, setWalletError] = useState<{ error: unknown } | null>(null);
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
  const fail = (e: unknown) => setWalletError({ error: e });
  const busy = signIn.isPending;
  const failure = walletError ?? (signIn.error ? { error: signIn.error } : null);
  const error = failure ? signInErrorWords(failure.error, i18n) : null;

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/60 pt-[12vh]" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div ref={box} tabIndex={-1} role="dialog" aria-modal="true" aria-label={t`Sign in`} className="w-[380px] rounded-md border border-line bg-panel p-4 shadow-2xl outline-none">
        <div className="mb-2 flex items-center">
          <h2 className="text-sm font-semibold">{reauth ? t`Sign in again` : t`Sign in`}</h2>
          <button type="button" aria-label={t`Close`} className="ml-auto px-1 text-muted hover:text-text" onClick={close}>
            ✕
          </button>
        </div>
        {reason && (
          <p className="mb-2 rounded border border-warn/40 bg-warn/10 px-2 py-1.5 text-warn" data-testid="sign-in-reason">
            {reason}
          </p>
        )}
        <p className="mb-3 text-muted">
          <Trans>
            Your wallet signs a sign-in message. It costs no gas and moves no funds; a temporary session key kept in this browser then
            signs your orders until the session ends.
          </Trans>
        </p>
        <label className="mb-3 flex items-center justify-between gap-2">
          <span className="text-muted">
            <Trans>Stay signed in for</Trans>
          </span>
          <select className="rounded border border-line bg-panel-2 px-1 py-0.5" value={lifetime} onChange={(e) => setLifetime(Number(e.target.value))}>
            {LIFETIMES.map((l) => (
              <option key={l.seconds} value={l.seconds}>
                {i18n._(l.label)}
              </option>
            ))}
          </select>
        </label>

        <div className="flex flex-col gap-1.5">
          {testWallet && (
            <WalletOption
              name={t`Devnet wallet`}
              detail={t`local test account · BSC`}
              disabled={busy}
              onClick={() => void testWallet().then((w) => run(w), fail)}
            />
          )}
          <h3 className="mt-1 text-[11px] uppercase tracking-wide text-muted">{CHAIN_HEADINGS.bsc}</h3>
          {evmOptions === null ? (
            <p className="text-muted">
              <Trans>Looking for wallets…</Trans>
            </p>
          ) : evmOptions.length === 0 ? (
            <p className="text-muted">
              <Trans>No EVM wallet found in this browser (MetaMask, Rabby…).</Trans>
            </p>
          ) : (
            evmOptions.map((o) => (
              <WalletOption
                key={o.uid}
                name={o.name ?? t`Browser wallet`}
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
          <h3 className="mt-1 text-[11px] uppercase tracking-wide text-muted">{CHAIN_HEADINGS.solana}</h3>
          <Suspense
            fallback={
              <p className="text-muted">
                <Trans>Looking for wallets…</Trans>
              </p>
            }
          >
            <SolanaOptions disabled={busy} onSigner={(s, watch) => run(s, watch)} onError={fail} />
          </Suspense>
        </div>

        {busy && !signIn.message && (
          <p className="mt-3 text-muted">
            <Trans>Checking the sign-in challenge…</Trans>
          </p>
        )}
        {/* The message is the service's own text, signed byte for byte: shown as it is, never translated. */}
        {signIn.message && (
          <div className="mt-3">
            <p className="mb-1 text-muted">{busy ? t`Confirm in your wallet. You are signing:` : t`You signed:`}</p>
            <pre className="max-h-40 overflow-auto whitespace-pre-wrap rounded bg-bg p-2 text-[11px] text-muted" aria-label={t`Message to sign`}>
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
