import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { walletProblemOf, type TokenAmountLabel, type WalletProblem } from '../wallet/wallet-problem';

function notADecimal(label: TokenAmountLabel, value: string): MessageDescriptor {
  if (label === 'withdraw amount') return msg`Invalid withdraw amount "${value}": expected a non-negative decimal string like "12.5"`;
  if (label === 'withdraw fee') return msg`Invalid withdraw fee "${value}": expected a non-negative decimal string like "12.5"`;
  return msg`Invalid amount "${value}": expected a non-negative decimal string like "12.5"`;
}

function tooManyPlaces(label: TokenAmountLabel, value: string, decimals: string): MessageDescriptor {
  if (label === 'withdraw amount') return msg`Invalid withdraw amount "${value}": more than ${decimals} decimal places`;
  if (label === 'withdraw fee') return msg`Invalid withdraw fee "${value}": more than ${decimals} decimal places`;
  return msg`Invalid amount "${value}": more than ${decimals} decimal places`;
}

/** A wallet-layer refusal or failure (src/wallet/wallet-problem.ts) in the trader's words. */
export function walletProblemWords(p: WalletProblem, i18n: I18n): string {
  switch (p.code) {
    case 'wallet-gone':
      return i18n._(msg`That wallet is no longer available`);
    case 'disconnect-failed': {
      const { detail } = p;
      if (p.wallet === null) return i18n._(msg`Could not disconnect the connected wallet before connecting another: ${detail}`);
      const wallet = p.wallet;
      return i18n._(msg`Could not disconnect ${wallet} before connecting another: ${detail}`);
    }
    case 'connected-without-account':
      return i18n._(msg`The wallet connected without an account`);
    case 'connect-evm-first':
      return i18n._(msg`Connect your EVM wallet first`);
    case 'tx-reverted': {
      const { hash } = p;
      return i18n._(msg`Transaction ${hash} reverted`);
    }
    case 'connect-requester':
      return i18n._(msg`Connect the EVM wallet that requested this withdrawal`);
    case 'chain-not-configured': {
      const chain = String(p.chainId);
      return i18n._(msg`The withdraw authorization is for chain ${chain}, which this app is not configured for`);
    }
    case 'no-withdraw-contract': {
      const chain = String(p.chainId);
      const { named } = p;
      return i18n._(
        msg`No withdraw contract is configured for chain ${chain}, so the bridge's contract ${named} cannot be checked: nothing was sent. Set VITE_WITHDRAW_CONTRACT to the published withdraw contract.`,
      );
    }
    case 'wrong-withdraw-contract': {
      const chain = String(p.chainId);
      const { named, expected } = p;
      return i18n._(
        msg`The bridge asked to send this withdrawal to ${named}, which is not the withdraw contract of chain ${chain} (${expected}): refused, nothing was sent to your wallet.`,
      );
    }
    case 'wrong-caller': {
      const { caller, connected } = p;
      return i18n._(msg`Connect ${caller}: only that account may submit this withdrawal (connected: ${connected}).`);
    }
    case 'authorization-expired':
      return i18n._(msg`This withdraw authorization has expired; the reserved amount returns to your Cash Wallet.`);
    case 'built-in-other-chain': {
      const own = String(p.own);
      const asked = String(p.asked);
      return i18n._(msg`The built-in Devnet wallet sends only on the devnet chain ${own}, not on chain ${asked}`);
    }
    case 'token-decimals': {
      const decimals = String(p.decimals);
      return i18n._(msg`Invalid token decimals ${decimals}: expected an integer from 0 to 255`);
    }
    case 'not-a-decimal':
      return i18n._(notADecimal(p.label, p.value));
    case 'too-many-places':
      return i18n._(tooManyPlaces(p.label, p.value, String(p.decimals)));
    case 'fee-exceeds-amount': {
      const { fee, amount } = p;
      return i18n._(msg`Withdraw fee ${fee} exceeds the withdraw amount ${amount}`);
    }
  }
}

/**
 * What an error says to the trader: a wallet-layer problem in words; anything else (the exchange's
 * or the bridge's answer, a wallet library's short message) as it was written.
 */
export function errorWords(e: unknown, i18n: I18n): string {
  const problem = walletProblemOf(e);
  if (problem) return walletProblemWords(problem, i18n);
  if (e && typeof e === 'object' && 'shortMessage' in e && typeof e.shortMessage === 'string') return e.shortMessage;
  return e instanceof Error ? e.message : String(e);
}
