/**
 * Spec §4.3 step 4: the on-chain amount of a withdrawal is tx.token_amount minus withdraw_fee in
 * the token's base unit. Submitting token_amount itself fails the backend signature on-chain, and
 * any float on the way would round 18-decimal amounts, so this is bigint digit math only.
 */
import { WalletError, type TokenAmountLabel } from './wallet-problem';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function checkDecimals(decimals: number): void {
  // ERC-20 `decimals` is a uint8.
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new WalletError({ code: 'token-decimals', decimals }, `Invalid token decimals ${String(decimals)}: expected an integer from 0 to 255`);
  }
}

/**
 * Exact decimal string → base units. Throws instead of rounding: a digit beyond `decimals` that
 * is not zero means the value is not representable on-chain. Trailing zeros past `decimals` are
 * accepted because they do not change the value.
 */
export function parseTokenUnits(value: string, decimals = 18, label: TokenAmountLabel = 'amount'): bigint {
  checkDecimals(decimals);
  const match = DECIMAL.exec(value);
  if (!match) throw new WalletError({ code: 'not-a-decimal', label, value }, `Invalid ${label} "${value}": expected a non-negative decimal string like "12.5"`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  const kept = fraction.slice(0, decimals);
  if (/[^0]/.test(fraction.slice(decimals))) {
    throw new WalletError({ code: 'too-many-places', label, value, decimals }, `Invalid ${label} "${value}": more than ${decimals} decimal places`);
  }
  return BigInt(whole + kept.padEnd(decimals, '0'));
}

/** Base units → shortest exact decimal string ("9.5", "0", "-0.000001"). */
export function formatTokenUnits(value: bigint, decimals = 18): string {
  checkDecimals(decimals);
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The `message.amount` to pass to `reqRemoteCall`: parse(tokenAmount) − parse(withdrawFee). */
export function onChainWithdrawAmount(tokenAmount: string, withdrawFee: string, decimals = 18): bigint {
  const amount = parseTokenUnits(tokenAmount, decimals, 'withdraw amount');
  const fee = parseTokenUnits(withdrawFee, decimals, 'withdraw fee');
  if (fee > amount) {
    throw new WalletError({ code: 'fee-exceeds-amount', fee: withdrawFee, amount: tokenAmount }, `Withdraw fee ${withdrawFee} exceeds the withdraw amount ${tokenAmount}`);
  }
  return amount - fee;
}
