import { z } from 'zod';
import { decimalString, int, isoTime } from './primitives';

/** Spec §2.3 Funding transaction of an account. */
export const fundingTransaction = z.object({
  id: int,
  user: z.string(),
  asset: z.string(),
  symbol: z.string(),
  qty: decimalString,
  txn_type: z.string(),
  transact_time: isoTime,
  created_at: isoTime,
  updated_at: isoTime,
});
export type FundingTransaction = z.infer<typeof fundingTransaction>;

/** Spec §2.13 Funding rate record of a symbol. */
export const fundingRate = z.object({
  id: int,
  symbol: z.string(),
  funding_rate: decimalString,
  index_price: decimalString,
  mark_price: decimalString,
  premium: decimalString,
  time: isoTime,
  created_at: isoTime,
  updated_at: isoTime,
});
export type FundingRate = z.infer<typeof fundingRate>;
