// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ECDSA} from "./ECDSA.sol";
import {SafeTransfer} from "./SafeTransfer.sol";

/// @title WithdrawBridge, second step of a Cash Wallet withdrawal.
/// @notice The bridge service (POST /api/withdraw) reserves the off-chain funds and returns a
///         backend authorization; the trader's own wallet then calls `reqRemoteCall` here and
///         receives the tokens. The exchange credits nothing from this call: it indexes
///         `MessageReq` to mark the off-chain withdraw request Confirmed.
contract WithdrawBridge {
    using SafeTransfer for address;

    struct Message {
        address token;
        uint256 amount;
        uint64 nonce;
    }

    struct Signature {
        uint256 expiredAt;
        uint256 chainId;
        address caller;
        address contractAddress;
        bytes signature;
    }

    /// @notice Key of the bridge backend whose authorizations are honoured.
    address public immutable signer;

    /// @notice Highest nonce each caller has used; nonces are per caller and strictly rising,
    ///         so an authorization can be redeemed once and an older one never after a newer.
    mapping(address => uint64) public lastNonce;

    /// @notice Number of requests served; each MessageReq carries the 0-based position.
    uint256 public requestCount;

    event MessageReq(address indexed caller, Message message, uint256 index);

    error Timeout();
    error InvalidChainId();
    error InvalidCaller();
    error InvalidContract();
    error InvalidNonce();
    error InvalidSignature();

    constructor(address signer_) {
        signer = signer_;
    }

    /// @dev Checks run in the documented order so each failure maps to one custom error.
    function reqRemoteCall(Message calldata message, Signature calldata signature) external {
        if (signature.expiredAt < block.timestamp) revert Timeout();
        if (signature.chainId != block.chainid) revert InvalidChainId();
        if (signature.caller != msg.sender) revert InvalidCaller();
        if (signature.contractAddress != address(this)) revert InvalidContract();
        if (message.nonce <= lastNonce[signature.caller]) revert InvalidNonce();

        address recovered = ECDSA.recover(
            ECDSA.toEthSignedMessageHash(authorizationDigest(message, signature)),
            signature.signature
        );
        if (recovered == address(0) || recovered != signer) revert InvalidSignature();

        // Effects before the token call: a re-entrant call would already see the nonce spent.
        lastNonce[signature.caller] = message.nonce;
        uint256 index = requestCount++;
        message.token.safeTransfer(msg.sender, message.amount);
        emit MessageReq(msg.sender, message, index);
    }

    /// @notice keccak256(abi.encode(message, signature-with-empty-bytes)): the value the backend
    ///         signs (EIP-191 prefixed). Public so clients can check their own encoding.
    function authorizationDigest(Message calldata message, Signature calldata signature)
        public
        pure
        returns (bytes32)
    {
        Signature memory unsigned = Signature({
            expiredAt: signature.expiredAt,
            chainId: signature.chainId,
            caller: signature.caller,
            contractAddress: signature.contractAddress,
            signature: ""
        });
        return keccak256(abi.encode(message, unsigned));
    }
}
