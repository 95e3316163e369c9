/**
 * The on-chain withdraw contract (spec §4.3 step 3, decisions.md "Withdraw contract"): the app
 * builds its `reqRemoteCall` from this ABI and the devnet bridge is compiled to match it, so the
 * two can only disagree by failing a test. Human-readable signatures, typed by viem's `parseAbi`.
 */
import { parseAbi, parseAbiParameters } from 'viem';

const structs = [
  'struct Message { address token; uint256 amount; uint64 nonce; }',
  'struct Signature { uint256 expiredAt; uint256 chainId; address caller; address contractAddress; bytes signature; }',
] as const;

/** Shared with the devnet bridge's ABI (devnet/chain/abis.ts), which adds its own views. */
export const withdrawContractSignatures = [
  ...structs,
  'function reqRemoteCall(Message message, Signature signature)',
  'event MessageReq(address indexed caller, Message message, uint256 index)',
  'error Timeout()',
  'error InvalidChainId()',
  'error InvalidCaller()',
  'error InvalidContract()',
  'error InvalidNonce()',
  'error InvalidSignature()',
] as const;

export const withdrawContractAbi = parseAbi(withdrawContractSignatures);

/**
 * ABI parameters of `abi.encode(message, signatureWithEmptyBytes)`, the preimage of the digest
 * the backend signs; exported so a client can recompute the digest to check an authorization.
 */
export const withdrawAuthorizationParams = parseAbiParameters(['Message message, Signature signature', ...structs]);
