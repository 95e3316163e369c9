import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useServiceConfig } from '../../api/react';
import { serviceExtras } from '../../wallet/service-extras';
import { useSessionStore } from '../../wallet/session-store';
import { GhostButton, useErrorText } from './parts';
import type { WalletRows } from './use-wallet-rows';

/**
 * Where the service hands out test money (the devnet): 10,000 DUSD credited to the Cash Wallet, beside
 * the balances it changes — the first thing a devnet trader needs, so it is the first control of the
 * page after the header. While it runs its button is announced unavailable but keeps the focus (a
 * disabled one would drop it to the page); what was done is announced (role status).
 */
export function FaucetCredit({ rows }: { rows: WalletRows }) {
  const errorText = useErrorText();
  const config = useServiceConfig();
  const faucet = serviceExtras(config).faucet;
  const session = useSessionStore((s) => s.session);
  const [done, setDone] = useState(false);
  const credit = useMutation({
    mutationFn: () => faucet!.credit(session!.token, '10000'),
    onSuccess: async () => {
      setDone(true);
      await rows.refresh();
    },
  });
  if (!faucet || !session) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-[11px] uppercase tracking-wide text-muted">
        <Trans>Devnet</Trans>
      </span>
      <GhostButton aria-disabled={credit.isPending || undefined} onClick={() => !credit.isPending && credit.mutate()}>
        <Trans>Faucet: credit Cash Wallet</Trans>
      </GhostButton>
      {done && (
        <span className="text-ok" role="status">
          <Trans>Credited 10,000 test DUSD to your Cash Wallet.</Trans>
        </span>
      )}
      {credit.error && (
        <span role="alert" className="text-error">
          {errorText(credit.error)}
        </span>
      )}
    </div>
  );
}
