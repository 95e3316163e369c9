import { z } from 'zod';
import { decimalString, int, isoTime, side } from './primitives';
import { depthBook } from './market';
import { order } from './order';
import { position } from './position';
import { trade } from './trade';
import { walletRow } from './wallet';

/** `price` channel payload (decisions.md "Streams"). */
export const priceTick = z.object({
  base: z.string(),
  quote: z.string(),
  symbol: z.string(),
  index_price: decimalString,
  last_price: decimalString.nullable(),
  mark_price: decimalString,
  mid_price: decimalString.nullable(),
  spread: z.tuple([decimalString, decimalString]),
  time: isoTime,
});
export type PriceTick = z.infer<typeof priceTick>;

/** `public_trade` channel payload; `time` is integer milliseconds. */
export const publicTrade = z.object({
  id: int,
  price: decimalString,
  qty: decimalString,
  side,
  symbol: z.string(),
  time: int,
});
export type PublicTrade = z.infer<typeof publicTrade>;

export const streamAuthResult = z.object({ code: int, msg: z.string() });

const push = <C extends string, D extends z.ZodType>(channel: C, data: D) =>
  z.object({ seq: int, channel: z.literal(channel), symbol: z.string().optional(), data });

/** Every message of the market stream `/ws-stream/v1`. */
export const marketStreamMessage = z.discriminatedUnion('channel', [
  push('auth', streamAuthResult),
  push('price', priceTick),
  push('depth_book', depthBook),
  push('public_trade', publicTrade),
  push('order', order),
  push('position', position),
  push('balance', walletRow),
  push('trade', trade),
]);
export type MarketStreamMessage = z.infer<typeof marketStreamMessage>;
export type MarketChannel = MarketStreamMessage['channel'];
export type PublicChannel = 'price' | 'depth_book' | 'public_trade';
export type UserChannel = 'order' | 'position' | 'balance' | 'trade';

/** Replies on the order response stream `/ws-api/v1`. */
export const orderStreamReply = z.union([
  z.object({ code: int, status: z.literal('accepted'), request_id: z.string() }),
  z.object({ code: int, message: z.string(), request_id: z.string() }),
]);
export type OrderStreamReply = z.infer<typeof orderStreamReply>;

export const orderStreamMethod = z.enum(['auth:login', 'order:new', 'order:cancel']);
/** Requests on the order response stream. `params` is a JSON string. */
export const orderStreamRequest = z.object({
  session_id: z.string(),
  request_id: z.string(),
  method: orderStreamMethod,
  header: z
    .object({
      'x-request-id': z.string(),
      'x-request-timestamp': z.string(),
      'x-request-signature': z.string(),
    })
    .optional(),
  params: z.string(),
});
export type OrderStreamRequest = z.infer<typeof orderStreamRequest>;
