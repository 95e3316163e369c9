// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice ERC-20 transfer that tolerates tokens returning nothing and fails loudly on a
///         `false` return, so a payout can never silently not happen.
library SafeTransfer {
    error TransferFailed();

    function safeTransfer(address token, address to, uint256 amount) internal {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        if (!ok || token.code.length == 0 || (data.length != 0 && !abi.decode(data, (bool)))) {
            revert TransferFailed();
        }
    }
}
