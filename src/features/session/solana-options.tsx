/**
 * Solana wallets through @solana/wallet-adapter-react: Wallet Standard discovery (Phantom,
 * Solflare, Backpack… register themselves) plus the Phantom and Solflare adapters for browsers
 * where they do not. Loaded with `lazy()` only when the sign-in dialog opens.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { WalletReadyState, type Adapter, type MessageSignerWalletAdapter } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { WalletProvider, useWallet } from '@solana/wallet-adapter-react';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import { useMemo } from 'react';
import type { SolanaWalletSigner } from '../../wallet/wallet-signer';
import { WalletOption } from './wallet-option';

interface Props {
  disabled: boolean;
  onSigner: (signer: SolanaWalletSigner, watch: (onChange: (address: string | null) => void) => () => void) => void;
  onError: (e: Error) => void;
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a chain's name, the same in every language
const SOLANA = 'Solana';

export default function SolanaOptions(props: Props) {
  const adapters = useMemo(() => [new PhantomWalletAdapter(), new SolflareWalletAdapter()], []);
  return (
    <WalletProvider wallets={adapters} autoConnect={false} localStorageKey="perps.solana-wallet">
      <SolanaList {...props} />
    </WalletProvider>
  );
}

function canSignMessages(a: Adapter): a is Adapter & MessageSignerWalletAdapter {
  return 'signMessage' in a && typeof (a as { signMessage?: unknown }).signMessage === 'function';
}

function SolanaList({ disabled, onSigner, onError }: Props) {
  const { wallets } = useWallet();
  const usable = wallets.filter((w) => w.readyState === WalletReadyState.Installed || w.readyState === WalletReadyState.Loadable);
  if (usable.length === 0) {
    return (
      <p className="text-muted">
        <Trans>No Solana wallet found in this browser (Phantom, Solflare…).</Trans>
      </p>
    );
  }
  return (
    <>
      {usable.map(({ adapter }) => (
        <WalletOption
          key={adapter.name}
          name={adapter.name}
          icon={adapter.icon}
          detail={SOLANA}
          disabled={disabled}
          onClick={async () => {
            try {
              if (!adapter.connected) await adapter.connect();
              const key = adapter.publicKey;
              // Said when the trader picks the wallet, in the language of that moment.
              const wallet = adapter.name;
              if (!key) throw new Error(t`${wallet} connected without an account`);
              if (!canSignMessages(adapter)) throw new Error(t`${wallet} cannot sign messages`);
              const address = key.toBase58();
              onSigner({ chain: 'solana', address, publicKey: key.toBytes(), signBytes: (m) => adapter.signMessage(m) }, (onChange) => {
                const changed = () => onChange(adapter.publicKey?.toBase58() ?? null);
                adapter.on('connect', changed);
                adapter.on('disconnect', changed);
                return () => {
                  adapter.off('connect', changed);
                  adapter.off('disconnect', changed);
                };
              });
            } catch (e) {
              onError(e instanceof Error ? e : new Error(String(e)));
            }
          }}
        />
      ))}
    </>
  );
}
