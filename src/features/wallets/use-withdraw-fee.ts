import { useEffect, useState } from 'react';
import { useServiceConfig } from '../../api/react';
import { serviceExtras } from '../../wallet/service-extras';

export type WithdrawFee =
  | { state: 'loading' }
  /** The fee every withdrawal pays, as the service states it before a request (the devnet). */
  | { state: 'known'; fee: string }
  /** Stated only in each withdraw answer (the public bridge): the stepper shows it then. */
  | { state: 'per-request' }
  | { state: 'failed'; message: string };

/** The bridge's withdraw fee, read once when the withdraw card opens. */
export function useWithdrawFee(): WithdrawFee {
  const quote = serviceExtras(useServiceConfig()).withdrawFee;
  const [fee, setFee] = useState<WithdrawFee>(quote ? { state: 'loading' } : { state: 'per-request' });
  useEffect(() => {
    if (!quote) return;
    let live = true;
    quote().then(
      (value) => live && setFee({ state: 'known', fee: value }),
      (e: unknown) => live && setFee({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [quote]);
  return fee;
}
