import { signedCommand } from './command';
import { withdrawResponse, type WalletTransferBody, type WithdrawBody } from './schemas';
import type { Transport } from './transport';

/** Spec §4.3: Cash ↔ Perps transfers and the bridge withdraw request. */
export function walletApi(t: Transport) {
  return {
    transferToPerps: (body: WalletTransferBody) => signedCommand(t, 'baseUrl', '/api/transfer_to_perps', body),
    transferToSpot: (body: WalletTransferBody) => signedCommand(t, 'baseUrl', '/api/transfer_to_spot', body),
    withdraw: (body: WithdrawBody) => t.post('bridgeUrl', '/api/withdraw', body, withdrawResponse, { sign: true }),
  };
}
export type WalletApi = ReturnType<typeof walletApi>;
