/**
 * The bridge backend's side of a withdrawal: the authorization returned as `signature.signature`
 * by POST /api/withdraw (spec §2.15) and checked by WithdrawBridge.reqRemoteCall.
 *
 * Scheme: digest = keccak256(abi.encode(message, signatureWithEmptyBytes)), where message =
 * (token, amount, nonce) and signatureWithEmptyBytes = (expiredAt, chainId, caller,
 * contractAddress, ""). The backend signs the digest EIP-191 prefixed ("\x19Ethereum Signed
 * Message:\n32" ‖ digest), i.e. personal_sign of the 32 raw bytes, as real backends commonly do
 * with `signMessage({ message: { raw: digest } })`. The result is r ‖ s ‖ v with v 27/28, low s.
 */
import { encodeAbiParameters, keccak256, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { withdrawAuthorizationParams } from '../../src/api/withdraw-contract';
import { DEVNET_BACKEND_SIGNER } from './accounts';

export interface WithdrawAuthorization {
  token: Address;
  /** On-chain amount in base units: token_amount − withdraw_fee (see src/wallet/withdraw-amount). */
  amount: bigint;
  /** Per-caller and strictly increasing; must fit uint64. */
  nonce: bigint;
  /** Unix seconds; the contract accepts the call while block.timestamp ≤ expiredAt. */
  expiredAt: bigint;
  chainId: number | bigint;
  /** The only address allowed to submit the call (and the payout recipient). */
  caller: Address;
  /** The WithdrawBridge the authorization is valid for. */
  contractAddress: Address;
}

/** The 32-byte digest before the EIP-191 prefix; equals WithdrawBridge.authorizationDigest. */
export function withdrawAuthorizationDigest(a: WithdrawAuthorization): Hex {
  return keccak256(
    encodeAbiParameters(withdrawAuthorizationParams, [
      { token: a.token, amount: a.amount, nonce: a.nonce },
      {
        expiredAt: a.expiredAt,
        chainId: BigInt(a.chainId),
        caller: a.caller,
        contractAddress: a.contractAddress,
        signature: '0x',
      },
    ]),
  );
}

/** 65-byte hex signature the contract accepts when `privateKey` is its configured signer. */
export function signWithdrawAuthorization(
  authorization: WithdrawAuthorization,
  privateKey: Hex = DEVNET_BACKEND_SIGNER.privateKey,
): Promise<Hex> {
  return privateKeyToAccount(privateKey).signMessage({ message: { raw: withdrawAuthorizationDigest(authorization) } });
}
