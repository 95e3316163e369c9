import { useCallback, useEffect, useState } from 'react';
import { useServiceConfig } from '../../api/react';
import { loadEvm } from '../../wallet/evm-runtime';

/** The wagmi-connected EVM account (loaded lazily), and a way to connect one. */
export function useEvmWallet() {
  const config = useServiceConfig();
  const [address, setAddress] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let off: (() => void) | undefined;
    let live = true;
    void loadEvm(config).then(({ evm, config: wagmi }) => {
      if (!live) return;
      setAddress(evm.connectedEvmAddress(wagmi) ?? null);
      setReady(true);
      off = evm.watchEvmAccount(wagmi, setAddress);
    });
    return () => {
      live = false;
      off?.();
    };
  }, [config]);
  const connect = useCallback(async () => {
    const { evm, config: wagmi } = await loadEvm(config);
    const first = evm.evmWalletOptions(wagmi)[0];
    if (!first) throw new Error('No EVM wallet found in this browser');
    const signer = await evm.connectEvmWallet(wagmi, first.uid);
    setAddress(signer.address);
  }, [config]);
  return { address, ready, connect };
}
