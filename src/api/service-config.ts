import type { ServiceUrls } from './transport';

/** Everything that says which service the app talks to (the devnet, or the public service). */
export interface ServiceConfig extends ServiceUrls {
  streamUrl: string;
  orderStreamUrl: string;
  evmRpcUrl: string;
  evmChainId: number;
  /** WalletConnect Cloud project id; WalletConnect is offered only when set. */
  walletConnectProjectId?: string | undefined;
  /** The domain and uri a genuine sign-in challenge names (checked before the wallet signs). */
  signinDomain: string;
  signinUri: string;
  /** True on the local devnet: the devnet wallet and faucet are offered. */
  isDevnet: boolean;
  /** The withdraw contract by chain id (`VITE_WITHDRAW_CONTRACT`); a withdraw to any other is refused. */
  withdrawContracts?: Readonly<Record<number, string>>;
}
