import { Trans, useLingui } from '@lingui/react/macro';
import { skipToken, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { useServiceConfig } from '../../api/react';
import { withdrawStatusWords } from '../../trading/withdraw-words';
import { serviceExtras } from '../../wallet/service-extras';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { localWithdrawals, mergeHistory, pendingWithdrawals, type PendingWithdrawal, type WithdrawEntry } from '../../wallet/withdraw-records';
import { GhostButton } from './parts';
import { showDusd } from './wallet-model';
import { formatClock, formatMoment } from '../../lib/time';

/**
 * The account's withdrawals. A Pending one whose authorization is known here can be continued:
 * sent → check its outcome; not sent and not expired → send it; expired → say when, and that the
 * reserved amount returns to the Cash Wallet.
 */
export function WithdrawHistory({ onContinue, busy }: { onContinue: ((p: PendingWithdrawal) => void) | null; busy: boolean }) {
  const config = useServiceConfig();
  const session = useSessionStore((s) => s.session);
  const account = useSessionStore(actingAccount);
  const bridgeList = serviceExtras(config).withdrawals;
  const history = useQuery({
    queryKey: queryKeys.user.withdrawals(account ?? ''),
    queryFn:
      session && account
        ? async (): Promise<{ entries: WithdrawEntry[]; readAt: number }> => ({
            entries: mergeHistory(bridgeList ? await bridgeList(session.token) : null, localWithdrawals.list(account), pendingWithdrawals.get(account)),
            readAt: Date.now() / 1000,
          })
        : skipToken,
    refetchInterval: 5_000,
  });
  const { t } = useLingui();
  const list = history.data?.entries ?? [];
  const readAt = history.data?.readAt ?? 0;
  const readError = history.error?.message ?? '';
  return (
    <div className="flex flex-col gap-1 border-t border-line pt-2">
      <span className="text-[11px] uppercase tracking-wide text-muted">{bridgeList ? <Trans>History</Trans> : <Trans>History (kept in this browser)</Trans>}</span>
      {history.error && (
        <p role="alert" className="text-error">
          <Trans>Could not read the withdraw history: {readError}</Trans>
        </p>
      )}
      {list.length === 0 ? (
        !history.error && <p className="text-muted">{history.isLoading ? t`Loading…` : t`No withdrawals yet.`}</p>
      ) : (
        <table className="w-full" data-testid="withdraw-history">
          <thead className="text-left text-[11px] text-muted">
            <tr>
              <th className="font-normal">
                <Trans>Time</Trans>
              </th>
              <th className="text-right font-normal">
                <Trans>Amount</Trans>
              </th>
              <th className="text-right font-normal">
                <Trans>Fee</Trans>
              </th>
              <th className="text-right font-normal">
                <Trans>Status</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((e) => (
              <HistoryRow key={e.id} entry={e} readAt={readAt} onContinue={busy ? null : onContinue} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function HistoryRow({ entry: e, readAt, onContinue }: { entry: WithdrawEntry; readAt: number; onContinue: ((p: PendingWithdrawal) => void) | null }) {
  const { i18n } = useLingui();
  const tone = e.status === 'Confirmed' ? 'text-ok' : e.status === 'Expired' ? 'text-error' : 'text-warn';
  return (
    <>
      <tr title={e.txHash ? `tx ${e.txHash}` : e.id}>
        <td className="num text-muted">{shortTime(e.createdAt)}</td>
        <td className="num text-right">{showDusd(e.amount)}</td>
        <td className="num text-right text-muted">{showDusd(e.fee)}</td>
        <td className={`text-right ${tone}`}>{withdrawStatusWords(e.status, i18n)}</td>
      </tr>
      {e.resumable && <PendingRow pending={e.resumable} readAt={readAt} onContinue={onContinue} />}
    </>
  );
}

/** `readAt`: when the history was read (seconds), so the row and the list agree on "expired". */
function PendingRow({ pending, readAt, onContinue }: { pending: PendingWithdrawal; readAt: number; onContinue: ((p: PendingWithdrawal) => void) | null }) {
  const { t } = useLingui();
  const expiresAt = pending.withdrawal.signature.expired_at;
  const at = formatClock(expiresAt * 1000);
  const expired = !pending.txHash && readAt > expiresAt;
  const hash = pending.txHash?.slice(0, 10) ?? '';
  const text = pending.txHash
    ? t`Sent ${hash}…: waiting for the bridge to confirm it.`
    : expired
      ? t`Not sent; the authorization expired at ${at}. The reserved amount returns to your Cash Wallet once the bridge sees the chain past that time.`
      : t`Authorized, not sent on-chain yet: it expires at ${at}; if it is not sent by then, the reserved amount returns to your Cash Wallet.`;
  return (
    <tr>
      <td colSpan={4} className="pb-1">
        <div className="flex flex-wrap items-center gap-2 text-[11px] text-muted">
          <span data-testid="withdraw-expiry">{text}</span>
          {!expired && onContinue && (
            <GhostButton onClick={() => onContinue(pending)} aria-label={t`Continue`}>
              <Trans>Continue</Trans>
            </GhostButton>
          )}
        </div>
      </td>
    </tr>
  );
}

/** "2026-11-23T01:52:26.123456789Z" (nanoseconds) → local time; unparseable → as given. */
function shortTime(iso: string): string {
  const t = Date.parse(iso.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(t) ? iso : formatMoment(t);
}
