import type { WithdrawResponse } from '../../src/api/schemas';
import type { WithdrawRecord } from './withdrawals';

/** A withdraw record in the spec §2.15 shape. */
export function toWithdrawResponse(r: WithdrawRecord): WithdrawResponse {
  const to = `${r.dstChain}_${r.caller.toLowerCase()}`;
  return {
    tx: {
      id: r.id,
      nonce: r.nonce,
      tx_type: 'withdraw_req',
      status: r.status,
      from_addr: r.fromAddr,
      to_addr: to,
      from_account_type: 'spot',
      to_account_type: 'spot',
      token: r.token,
      token_addr: r.tokenAddr,
      token_amount: r.amount,
      src_chain: r.srcChain,
      dst_chain: r.dstChain,
      src_tx: '',
      dst_tx: r.dstTx,
      src_block: '0',
      dst_block: r.dstBlock,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    },
    withdraw_fee: r.fee,
    signature: {
      expired_at: r.expiredAt,
      chain_id: r.chainId,
      caller: r.caller,
      contract_address: r.contractAddress,
      signature: r.signature,
    },
  };
}
