/**
 * The on-chain withdraw contract (spec §4.3 step 3, decisions.md "Withdraw contract"): the app
 * builds its `reqRemoteCall` from this ABI and the devnet bridge is compiled to match it, so the
 * two can only disagree by failing a test. Plain `as const` data keeps viem's type inference
 * without importing viem here.
 */

const messageComponents = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
  { name: 'nonce', type: 'uint64' },
] as const;

const signatureComponents = [
  { name: 'expiredAt', type: 'uint256' },
  { name: 'chainId', type: 'uint256' },
  { name: 'caller', type: 'address' },
  { name: 'contractAddress', type: 'address' },
  { name: 'signature', type: 'bytes' },
] as const;

export const withdrawContractAbi = [
  {
    type: 'function',
    name: 'reqRemoteCall',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'message', type: 'tuple', internalType: 'struct WithdrawBridge.Message', components: messageComponents },
      {
        name: 'signature',
        type: 'tuple',
        internalType: 'struct WithdrawBridge.Signature',
        components: signatureComponents,
      },
    ],
    outputs: [],
  },
  {
    type: 'event',
    name: 'MessageReq',
    anonymous: false,
    inputs: [
      { name: 'caller', type: 'address', indexed: true },
      {
        name: 'message',
        type: 'tuple',
        indexed: false,
        internalType: 'struct WithdrawBridge.Message',
        components: messageComponents,
      },
      { name: 'index', type: 'uint256', indexed: false },
    ],
  },
  { type: 'error', name: 'Timeout', inputs: [] },
  { type: 'error', name: 'InvalidChainId', inputs: [] },
  { type: 'error', name: 'InvalidCaller', inputs: [] },
  { type: 'error', name: 'InvalidContract', inputs: [] },
  { type: 'error', name: 'InvalidNonce', inputs: [] },
  { type: 'error', name: 'InvalidSignature', inputs: [] },
] as const;

/** Names of the contract's custom errors, for mapping a revert to a message the trader understands. */
export type WithdrawContractError = Extract<(typeof withdrawContractAbi)[number], { type: 'error' }>['name'];

/**
 * ABI parameters of `abi.encode(message, signatureWithEmptyBytes)`, the preimage of the digest
 * the backend signs; exported so a client can recompute the digest to check an authorization.
 */
export const withdrawAuthorizationParams = [
  { name: 'message', type: 'tuple', components: messageComponents },
  { name: 'signature', type: 'tuple', components: signatureComponents },
] as const;
