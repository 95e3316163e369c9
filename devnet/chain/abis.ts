/**
 * Typed (`as const`) ABIs of the devnet contracts, so viem infers argument and event types.
 * Written by hand rather than generated, and kept honest by compile.test.ts, which fails when
 * they differ from what solc emits for devnet/contracts.
 */
import { withdrawContractAbi } from '../../src/api/withdraw-contract';

const noInputs = [] as const;

export const dusdAbi = [
  { type: 'constructor', stateMutability: 'nonpayable', inputs: [{ name: 'minter_', type: 'address' }] },
  { type: 'function', name: 'name', stateMutability: 'view', inputs: noInputs, outputs: [{ name: '', type: 'string' }] },
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: noInputs, outputs: [{ name: '', type: 'string' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: noInputs, outputs: [{ name: '', type: 'uint8' }] },
  { type: 'function', name: 'minter', stateMutability: 'view', inputs: noInputs, outputs: [{ name: '', type: 'address' }] },
  {
    type: 'function',
    name: 'totalSupply',
    stateMutability: 'view',
    inputs: noInputs,
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'allowance',
    stateMutability: 'view',
    inputs: [
      { name: '', type: 'address' },
      { name: '', type: 'address' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'transferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'event',
    name: 'Transfer',
    anonymous: false,
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'Approval',
    anonymous: false,
    inputs: [
      { name: 'owner', type: 'address', indexed: true },
      { name: 'spender', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
  { type: 'error', name: 'NotMinter', inputs: noInputs },
  { type: 'error', name: 'InsufficientBalance', inputs: noInputs },
  { type: 'error', name: 'InsufficientAllowance', inputs: noInputs },
  { type: 'error', name: 'ZeroAddress', inputs: noInputs },
] as const;

export const depositVaultAbi = [
  {
    type: 'constructor',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'token_', type: 'address' },
      { name: 'bridge_', type: 'address' },
    ],
  },
  { type: 'function', name: 'owner', stateMutability: 'view', inputs: noInputs, outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'token', stateMutability: 'view', inputs: noInputs, outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'bridge', stateMutability: 'view', inputs: noInputs, outputs: [{ name: '', type: 'address' }] },
  {
    type: 'function',
    name: 'fundBridge',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'amount', type: 'uint256' }],
    outputs: [],
  },
  {
    type: 'event',
    name: 'BridgeFunded',
    anonymous: false,
    inputs: [{ name: 'amount', type: 'uint256', indexed: false }],
  },
  { type: 'error', name: 'NotOwner', inputs: noInputs },
  { type: 'error', name: 'TransferFailed', inputs: noInputs },
] as const;

const reqRemoteCall = withdrawContractAbi[0];

/** The app-facing withdraw ABI plus the devnet bridge's own views. */
export const withdrawBridgeAbi = [
  ...withdrawContractAbi,
  { type: 'constructor', stateMutability: 'nonpayable', inputs: [{ name: 'signer_', type: 'address' }] },
  { type: 'function', name: 'signer', stateMutability: 'view', inputs: noInputs, outputs: [{ name: '', type: 'address' }] },
  {
    type: 'function',
    name: 'lastNonce',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'address' }],
    outputs: [{ name: '', type: 'uint64' }],
  },
  {
    type: 'function',
    name: 'requestCount',
    stateMutability: 'view',
    inputs: noInputs,
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'authorizationDigest',
    stateMutability: 'pure',
    inputs: reqRemoteCall.inputs,
    outputs: [{ name: '', type: 'bytes32' }],
  },
  { type: 'error', name: 'TransferFailed', inputs: noInputs },
] as const;
