import { z } from 'zod';
import { ORDER_STATUSES } from '../../lib/order-status';

/** A decimal on the wire: a JSON string of plain digits, never a float or exponent. */
export const decimalString = z
  .string({ error: 'expected a decimal string' })
  .regex(/^-?\d+(\.\d+)?$/, { error: 'expected a decimal string like "123.45"' });

/** Non-negative decimal string (quantities, prices). */
export const unsignedDecimalString = decimalString.refine((s) => !s.startsWith('-'), {
  error: 'expected a non-negative decimal string',
});

export const int = z.number({ error: 'expected an integer' }).int({ error: 'expected an integer' });

/** ISO 8601 UTC timestamp as a string. */
export const isoTime = z
  .string({ error: 'expected an ISO 8601 time string' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/, {
    error: 'expected an ISO 8601 time string',
  });

export const side = z.enum(['buy', 'sell']);
export const orderType = z.enum(['limit', 'market']);
export const timeInForce = z.enum(['gtc', 'ioc', 'alo']);
export const marginMode = z.enum(['cross', 'isolated']);
export const orderStatus = z.enum(ORDER_STATUSES);
export const klineResolution = z.enum(['1T', '3S', '1', '5', '15', '60', '1D', '1W', '1M']);
export const chain = z.enum(['bsc', 'solana']);

export type Side = z.infer<typeof side>;
export type OrderType = z.infer<typeof orderType>;
export type TimeInForce = z.infer<typeof timeInForce>;
export type MarginMode = z.infer<typeof marginMode>;
export type OrderStatus = z.infer<typeof orderStatus>;
export type KlineResolution = z.infer<typeof klineResolution>;
export type Chain = z.infer<typeof chain>;

/** `{code, message, request_id}` returned by every command endpoint (spec §1). */
export const envelope = z.object({
  code: int,
  message: z.string(),
  request_id: z.string(),
});
export type Envelope = z.infer<typeof envelope>;

/** A paged list as query_orders / query_open_orders / query_trades return it. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ page_size: int, result: z.array(item), total: int });
