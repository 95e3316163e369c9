// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {SafeTransfer} from "./SafeTransfer.sol";

/// @title DepositVault, the address traders send DUSD to.
/// @notice Deposits are plain ERC-20 transfers to this address (no call, no HTTP request); the
///         exchange credits them by indexing the token's Transfer events. The vault only holds
///         funds; its single outflow is topping up the withdraw bridge so payouts stay covered.
contract DepositVault {
    using SafeTransfer for address;

    address public immutable owner;
    address public immutable token;
    address public immutable bridge;

    event BridgeFunded(uint256 amount);

    error NotOwner();

    constructor(address token_, address bridge_) {
        owner = msg.sender;
        token = token_;
        bridge = bridge_;
    }

    /// @notice Moves `amount` of the deposit token to the withdraw bridge. Restricted to the
    ///         bridge as destination so even the owner key cannot drain deposits elsewhere.
    function fundBridge(uint256 amount) external {
        if (msg.sender != owner) revert NotOwner();
        token.safeTransfer(bridge, amount);
        emit BridgeFunded(amount);
    }
}
