/**
 * Typed ABIs of the devnet contracts as human-readable signatures (viem's `parseAbi` infers
 * argument and event types), kept honest by compile.test.ts, which fails when they differ from
 * what solc emits for devnet/contracts.
 */
import { parseAbi } from 'viem';
import { withdrawContractSignatures } from '../../src/api/withdraw-contract';

export const dusdAbi = parseAbi([
  'constructor(address minter_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function minter() view returns (address)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'error NotMinter()',
  'error InsufficientBalance()',
  'error InsufficientAllowance()',
  'error ZeroAddress()',
]);

export const depositVaultAbi = parseAbi([
  'constructor(address token_, address bridge_)',
  'function owner() view returns (address)',
  'function token() view returns (address)',
  'function bridge() view returns (address)',
  'function fundBridge(uint256 amount)',
  'event BridgeFunded(uint256 amount)',
  'error NotOwner()',
  'error TransferFailed()',
]);

/** The app-facing withdraw ABI plus the devnet bridge's own views. */
export const withdrawBridgeAbi = parseAbi([
  ...withdrawContractSignatures,
  'constructor(address signer_)',
  'function signer() view returns (address)',
  'function lastNonce(address) view returns (uint64)',
  'function requestCount() view returns (uint256)',
  'function authorizationDigest(Message message, Signature signature) pure returns (bytes32)',
  'error TransferFailed()',
]);
