import type { I18n } from '@lingui/core';
import { msg, t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useServiceConfig } from '../../api/react';
import type { Chain } from '../../api/schemas';
import { dec, toWire } from '../../lib/decimal';
import { loadEvm } from '../../wallet/evm-runtime';
import { serviceExtras, type ServiceExtras } from '../../wallet/service-extras';
import { sendingAccount } from '../../wallet/sending-account';
import { useSessionStore } from '../../wallet/session-store';
import { Segmented } from '../../ui/segmented';
import { formatTokenUnits, parseTokenUnits } from '../../wallet/withdraw-amount';
import { AmountInput, Button, Card, GhostButton, useErrorText } from './parts';
import type { WalletRows } from './use-wallet-rows';
import { useEvmWallet } from './use-evm-wallet';
import { checkAmount, maxOf, MIN_DEPOSIT, showDusd } from './wallet-model';
import { runDeposit, type DepositStage } from '../../wallet/deposit-machine';

function useDepositTarget() {
  const config = useServiceConfig();
  return useQuery({
    queryKey: queryKeys.chain.depositTarget(),
    queryFn: () => serviceExtras(config).depositTarget(),
    staleTime: Infinity,
  });
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a chain's name, the same in every language
const SOLANA = 'Solana';

function stageWords(s: DepositStage, i18n: I18n): string {
  switch (s.code) {
    case 'sending-built-in':
      return i18n._(msg`Sending the transfer from the built-in wallet…`);
    case 'confirm-in-wallet':
      return i18n._(msg`Confirm the transfer in your wallet…`);
    case 'sent': {
      const { hash } = s;
      return i18n._(msg`Sent ${hash}… waiting for the block…`);
    }
    case 'on-chain':
      return i18n._(msg`Confirmed on-chain; waiting for the Cash Wallet to be credited…`);
    case 'credited': {
      const { amount } = s;
      return i18n._(msg`Credited: ${amount} DUSD is in your Cash Wallet.`);
    }
    case 'not-shown':
      return i18n._(msg`Confirmed on-chain; the credit has not shown yet — it will appear once the service indexes it.`);
  }
}

function Qr({ text }: { text: string }) {
  const { t } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((q) => q.toDataURL(text, { margin: 1, width: 132, color: { dark: '#0b0e11', light: '#e6e8ea' } })).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img src={src} alt={t`QR code of ${text}`} className="size-[132px] rounded" /> : <div className="size-[132px] rounded bg-panel-2" />;
}

/** Deposit instructions per chain and, for EVM wallets, a one-click DUSD transfer to the vault. */
export function DepositCard({ rows }: { rows: WalletRows }) {
  const { t } = useLingui();
  const config = useServiceConfig();
  const session = useSessionStore((s) => s.session);
  const [chain, setChain] = useState<Chain>(session?.chain ?? 'bsc');
  const target = useDepositTarget();
  const faucet = serviceExtras(config).faucet;
  const address = target.data?.[chain] ?? null;
  const [copied, setCopied] = useState(false);
  const chainId = String(config.evmChainId);
  const chainName = chain === 'bsc' ? 'BSC' : SOLANA;
  const min = MIN_DEPOSIT;
  return (
    <Card
      title={t`Deposit`}
      testId="deposit-card"
      aside={
        <Segmented
          kind="choice"
          label={t`Deposit chain`}
          look="joined"
          className="flex rounded border border-line"
          choices={[
            { value: 'bsc', label: config.evmChainId === 56 ? 'BSC' : t`BSC · devnet ${chainId}` },
            { value: 'solana', label: SOLANA },
          ]}
          value={chain}
          onChange={setChain}
        />
      }
    >
      {address ? (
        <div className="flex gap-3">
          <Qr text={address} />
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <span className="text-muted">
              <Trans>Send DUSD on {chainName} to the deposit vault</Trans>
            </span>
            <code className="num break-all rounded bg-bg px-2 py-1" data-testid="deposit-address">
              {address}
            </code>
            <GhostButton
              className="self-start"
              onClick={() =>
                void navigator.clipboard?.writeText(address).then(() => {
                  setCopied(true);
                  setTimeout(() => setCopied(false), 1500);
                })
              }
            >
              {copied ? <Trans>Copied</Trans> : <Trans>Copy address</Trans>}
            </GhostButton>
            <p className="text-warn">
              <Trans>
                Minimum {min} DUSD: smaller deposits are not credited. Only send DUSD from the wallet you sign in with, and verify this
                address on a block explorer before sending.
              </Trans>
            </p>
          </div>
        </div>
      ) : (
        <p className="text-muted">{target.isLoading ? t`Loading the deposit address…` : t`The devnet runs no Solana chain: deposit on its EVM chain.`}</p>
      )}
      {chain === 'bsc' && target.data?.bsc && session?.chain === 'bsc' && (
        <EvmDeposit vault={target.data.bsc} token={target.data.token} chainId={target.data.chainId} rows={rows} />
      )}
      {faucet && session && <TestFunds faucet={faucet} token={target.data?.token ?? null} />}
    </Card>
  );
}

function EvmDeposit({ vault, token, chainId, rows }: { vault: string; token: string | null; chainId: number; rows: WalletRows }) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const config = useServiceConfig();
  const wallet = useEvmWallet();
  const signedIn = useSessionStore((s) => s.session?.address ?? null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [stage, setStage] = useState<DepositStage | null>(null);
  const amountBox = useRef<HTMLInputElement>(null);
  const rowsRef = useLatest(rows);
  const onChain = useQuery({
    queryKey: queryKeys.chain.dusdBalance(token ?? '', wallet.address ?? ''),
    queryFn:
      token !== null && wallet.address !== null
        ? async () => {
            const { evm, config: wagmi } = await loadEvm(config);
            return formatTokenUnits(await evm.dusdBalance(wagmi, token, wallet.address!));
          }
        : skipToken,
    refetchInterval: 4_000,
  });
  const checked = checkAmount(amount, { min: MIN_DEPOSIT, max: onChain.data });
  const connect = useMutation({ mutationFn: wallet.connect });
  const deposit = useMutation({
    mutationFn: async () => {
      if (!('value' in checked)) throw new Error(i18n._(checked.error));
      if (!token) throw new Error(tNow`The DUSD token address is unknown on this service: send from your wallet app`);
      const sender = signedIn ? await sendingAccount(config, signedIn) : null;
      if (!sender) throw new Error(tNow`Connect your EVM wallet first`);
      const { evm, config: wagmi } = await loadEvm(config);
      await runDeposit(
        {
          sender: sender.kind === 'built-in' ? 'built-in' : 'connected',
          send: () => sender.sendDusd({ token, to: vault, amount: parseTokenUnits(toWire(checked.value)), chainId }),
          waitForReceipt: async (hash) => {
            await evm.waitForReceipt(wagmi, hash, chainId);
            void onChain.refetch();
          },
          readCash: async () => {
            await rows.refresh();
            return new Promise<string | undefined>((r) => setTimeout(() => r(rowsRef.current.cash?.total), 1000));
          },
          onChange: (s) => setStage(s.stage),
        },
        { amount: toWire(checked.value), shown: showDusd(checked.value), before: rows.cash?.total ?? '0' },
      );
    },
  });
  if (wallet.error) {
    const reason = wallet.error;
    return (
      <p role="alert" className="text-error">
        <Trans>Could not load the EVM wallet support: {reason}</Trans>
      </p>
    );
  }
  if (!wallet.ready) return null;
  if (!wallet.address) {
    return (
      <div className="flex flex-col gap-1 border-t border-line pt-2">
        <GhostButton className="self-start" disabled={connect.isPending} onClick={() => connect.mutate()}>
          <Trans>Connect your EVM wallet for a one-click deposit</Trans>
        </GhostButton>
        {connect.error && (
          <p role="alert" className="text-error">
            {errorText(connect.error)}
          </p>
        )}
      </div>
    );
  }
  const max = maxOf(onChain.data);
  const from = wallet.address.slice(0, 8);
  const holds = onChain.data !== undefined ? showDusd(onChain.data) : '…';
  const walletDusd = (
    <span className="num" data-testid="wallet-dusd">
      {holds}
    </span>
  );
  const onChainError = onChain.error ? errorText(onChain.error) : '';
  return (
    <form
      className="flex flex-col gap-2 border-t border-line pt-2"
      aria-label={t`Deposit from wallet`}
      onSubmit={(e) => {
        e.preventDefault();
        if (deposit.isPending) return;
        setTouched(true);
        if ('value' in checked) deposit.mutate();
        else amountBox.current?.focus();
      }}
    >
      <span className="text-muted">
        {wallet.kind === 'built-in' ? (
          <Trans>
            From <span className="num">{from}…</span> (the built-in Devnet wallet) · wallet holds {walletDusd} DUSD
          </Trans>
        ) : (
          <Trans>
            From <span className="num">{from}…</span> · wallet holds {walletDusd} DUSD
          </Trans>
        )}
      </span>
      {onChain.data !== undefined && dec(onChain.data).isZero() && (
        <p className="text-warn">
          {wallet.kind === 'built-in' ? (
            <Trans>Your built-in wallet holds no DUSD on this chain yet: nothing to deposit.</Trans>
          ) : (
            <Trans>This wallet holds no DUSD on this chain yet: nothing to deposit.</Trans>
          )}
          {serviceExtras(config).faucet ? (
            <>
              {' '}
              <Trans>Get test DUSD below (devnet) first.</Trans>
            </>
          ) : null}
        </p>
      )}
      {onChain.error && (
        <p role="alert" className="text-error">
          <Trans>Could not read the wallet's DUSD: {onChainError}</Trans>
        </p>
      )}
      <AmountInput
        label={t`Deposit amount`}
        value={amount}
        onChange={setAmount}
        onMax={max ? () => setAmount(max) : undefined}
        error={touched && 'error' in checked ? i18n._(checked.error) : null}
        inputRef={amountBox}
      />
      {/* While it runs the button keeps the focus (announced unavailable, not disabled, which would drop
          it to the page); the stage below is announced as it goes, and the focus stays for the next one. */}
      <Button type="submit" busy={deposit.isPending} busyLabel={t`Depositing…`} keepFocusWhileBusy>
        <Trans>Deposit from wallet</Trans>
      </Button>
      {stage && (
        <p className="text-muted" data-testid="deposit-status" role="status">
          {stageWords(stage, i18n)}
        </p>
      )}
      {deposit.error && (
        <p role="alert" className="text-error">
          {errorText(deposit.error)}
        </p>
      )}
    </form>
  );
}

function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Devnet test money: DUSD minted on-chain to the wallet, for the deposit above. While it runs its
 * button is announced unavailable but keeps the focus (a disabled one would drop it to the page);
 * what was done is announced (role status). The faucet that credits the Cash Wallet directly sits in
 * Balances (`FaucetCredit`), a few Tabs from the page's heading.
 */
function TestFunds({ faucet, token }: { faucet: NonNullable<ServiceExtras['faucet']>; token: string | null }) {
  const errorText = useErrorText();
  const qc = useQueryClient();
  const session = useSessionStore((s) => s.session)!;
  const wallet = useEvmWallet();
  // The address minted to, shortened, once done.
  const [done, setDone] = useState<string | null>(null);
  const to = wallet.address ?? (session.chain === 'bsc' ? session.address : null);
  const mint = useMutation({
    mutationFn: () => faucet.mint(to!, '1000'),
    onSuccess: async () => {
      setDone(to!.slice(0, 8));
      // The deposit form checks amounts against this balance: show the minted DUSD at once.
      await qc.invalidateQueries({ queryKey: queryKeys.chain.all });
    },
  });
  if (!token || !to) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-line pt-2">
      <span className="text-[11px] uppercase tracking-wide text-muted">
        <Trans>Devnet</Trans>
      </span>
      <GhostButton aria-disabled={mint.isPending || undefined} onClick={() => !mint.isPending && mint.mutate()}>
        <Trans>Get test DUSD (mint 1,000 to wallet)</Trans>
      </GhostButton>
      {done && (
        <span className="text-ok" role="status">
          <Trans>Minted 1,000 test DUSD to {done}… on the devnet chain.</Trans>
        </span>
      )}
      {mint.error && (
        <span role="alert" className="text-error">
          {errorText(mint.error)}
        </span>
      )}
    </div>
  );
}
