import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useState } from 'react';
import { useServiceConfig } from '../../api/react';
import { loadEvm } from '../../wallet/evm-runtime';
import { isBuiltInWallet } from '../../wallet/sending-account';
import { useSessionStore } from '../../wallet/session-store';

export interface Sender {
  /** False until it is known who sends (wagmi loaded, the built-in key checked). */
  ready: boolean;
  /** The sending address: the built-in wallet's, or the connected wallet app's (null: none connected). */
  address: string | null;
  /** 'built-in': the browser sends by itself; 'connected': the wallet app asks the trader. */
  kind: 'built-in' | 'connected' | null;
  /** Why the wallet support could not load, in the error's own text (shown; never swallowed). */
  error: string | null;
  /** Connects the browser's first EVM wallet app; rejects with why it could not. */
  connect: () => Promise<void>;
}

const loadFailure = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Who sends the trader's on-chain money transactions: the built-in Devnet wallet when the trader
 * signed in with it, else the wagmi-connected EVM account (loaded lazily).
 */
export function useEvmWallet(): Sender {
  const config = useServiceConfig();
  const signedIn = useSessionStore((s) => (s.session?.chain === 'bsc' ? s.session.address : null));
  const [connected, setConnected] = useState<{ ready: boolean; address: string | null }>({ ready: false, address: null });
  const [builtIn, setBuiltIn] = useState<{ of: string | null; yes: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let off: (() => void) | undefined;
    let live = true;
    loadEvm(config).then(({ evm, config: wagmi }) => {
      if (!live) return;
      setConnected({ ready: true, address: evm.connectedEvmAddress(wagmi) ?? null });
      off = evm.watchEvmAccount(wagmi, (address) => setConnected({ ready: true, address }));
    }, (e: unknown) => live && setFailure(loadFailure(e)));
    return () => {
      live = false;
      off?.();
    };
  }, [config]);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void isBuiltInWallet(config, signedIn).then((yes) => live && setBuiltIn({ of: signedIn, yes }), (e: unknown) => live && setFailure(loadFailure(e)));
    return () => {
      live = false;
    };
  }, [config, signedIn]);
  const connect = useCallback(async () => {
    const { evm, config: wagmi } = await loadEvm(config);
    const first = evm.evmWalletOptions(wagmi)[0];
    // Said when the trader clicks Connect, in the language of that moment.
    if (!first) throw new Error(t`No EVM wallet app found in this browser: install one (MetaMask, Rabby, …) or send DUSD to the address above from any wallet.`);
    const signer = await evm.connectEvmWallet(wagmi, first.uid);
    setConnected({ ready: true, address: signer.address });
  }, [config]);
  const checked = !signedIn || builtIn?.of === signedIn;
  if (signedIn && checked && builtIn?.yes) return { ready: true, address: signedIn, kind: 'built-in', error: failure, connect };
  const known = checked && connected.ready;
  return { ready: known, address: connected.address, kind: connected.address ? 'connected' : null, error: failure, connect };
}
