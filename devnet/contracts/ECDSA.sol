// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice Hand-written, malleability-safe ECDSA recovery (no npm Solidity dependency).
library ECDSA {
    /// @dev secp256k1n / 2. A signature with s above it has a twin (n - s, flipped v) that
    ///      recovers the same signer; accepting only the lower half makes each signature unique.
    uint256 private constant HALF_N = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    /// @return signer the recovered address, or address(0) for any malformed or non-canonical
    ///         signature, so callers need a single "is it the expected signer" check.
    function recover(bytes32 digest, bytes memory signature) internal pure returns (address signer) {
        if (signature.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        // Layout r (32) | s (32) | v (1): what eth_sign / personal_sign / viem produce.
        assembly {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        if (uint256(s) > HALF_N) return address(0);
        if (v != 27 && v != 28) return address(0);
        return ecrecover(digest, v, r, s);
    }

    /// @notice EIP-191 "personal message" hash of a 32-byte digest, i.e. what a wallet or
    ///         viem's `signMessage({ message: { raw: digest } })` actually signs.
    function toEthSignedMessageHash(bytes32 digest) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", digest));
    }
}
