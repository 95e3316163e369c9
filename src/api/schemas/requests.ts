import { z } from 'zod';
import { chain, decimalString, int, marginMode, orderType, side, timeInForce } from './primitives';

/** Request bodies of the command endpoints; the devnet validates with the same schemas. */
export const newOrderBody = z.strictObject({
  symbol: z.string().min(1),
  side,
  order_type: orderType,
  qty: decimalString,
  time_in_force: timeInForce,
  reduce_only: z.boolean(),
  price: decimalString.optional(),
  cl_ord_id: z.string().min(1).max(64).optional(),
  margin_mode: marginMode.optional(),
  leverage: int.optional(),
  tp_price: decimalString.optional(),
  sl_price: decimalString.optional(),
});
export type NewOrderBody = z.infer<typeof newOrderBody>;

export const cancelOrderBody = z
  .strictObject({ order_id: int.optional(), cl_ord_id: z.string().min(1).optional() })
  .refine((b) => b.order_id !== undefined || b.cl_ord_id !== undefined, {
    error: 'order_id or cl_ord_id is required',
  });
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;

export const cancelOrdersBody = z
  .strictObject({
    order_id_list: z.array(int).max(1200).optional(),
    cl_ord_id_list: z.array(z.string().min(1)).max(1200).optional(),
  })
  .refine((b) => (b.order_id_list?.length ?? 0) + (b.cl_ord_id_list?.length ?? 0) > 0, {
    error: 'order_id_list or cl_ord_id_list is required',
  });
export type CancelOrdersBody = z.infer<typeof cancelOrdersBody>;

export const changeLeverageBody = z.strictObject({ symbol: z.string().min(1), leverage: int });
export type ChangeLeverageBody = z.infer<typeof changeLeverageBody>;

export const changeMarginModeBody = z.strictObject({ symbol: z.string().min(1), margin_mode: marginMode });
export type ChangeMarginModeBody = z.infer<typeof changeMarginModeBody>;

export const transferMarginBody = z.strictObject({ symbol: z.string().min(1), amount_in: decimalString });
export type TransferMarginBody = z.infer<typeof transferMarginBody>;

export const walletTransferBody = z.strictObject({ amount: decimalString, token: z.string().optional() });
export type WalletTransferBody = z.infer<typeof walletTransferBody>;

export const withdrawBody = z.strictObject({
  amount: decimalString,
  chain: z.string().min(1),
  token: z.string().optional(),
});
export type WithdrawBody = z.infer<typeof withdrawBody>;

export const prepareSigninBody = z.strictObject({ address: z.string().min(1), requestId: z.string().min(1) });
export type PrepareSigninBody = z.infer<typeof prepareSigninBody>;

export const loginBody = z.strictObject({
  signature: z.string().min(1),
  signedData: z.string().min(1),
  expiresSeconds: int.positive().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const chainQuery = z.object({ chain });
