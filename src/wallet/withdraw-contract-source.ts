import { devnetApi, type DevnetUrls } from './devnet-api';
import { configuredWithdrawContract, type WithdrawContractSettings } from './withdraw-transaction';

export interface WithdrawContractSource extends DevnetUrls, Partial<WithdrawContractSettings> {
  isDevnet: boolean;
}

/**
 * The withdraw contract the app expects on `chainId`: the configured one (`VITE_WITHDRAW_CONTRACT`,
 * or a published address), else on the devnet the bridge contract its `GET /devnet/config` names
 * for its local chain; null when none is known (the withdraw is then refused).
 */
export async function expectedWithdrawContract(s: WithdrawContractSource, chainId: number): Promise<string | null> {
  const configured = configuredWithdrawContract(s, chainId);
  if (configured) return configured;
  if (!s.isDevnet) return null;
  const chain = await devnetApi(s).config();
  return chain && chain.chainId === chainId ? chain.bridge : null;
}
