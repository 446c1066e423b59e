// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice ERC-20 calls that accept tokens returning nothing (USDT-style) and revert with a clear reason otherwise.
library SafeTransfer {
    function safeTransfer(address token, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(0xa9059cbb, to, amount), "SafeTransfer: transfer failed");
    }

    function safeTransferFrom(address token, address from, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(0x23b872dd, from, to, amount), "SafeTransfer: transferFrom failed");
    }

    function safeApprove(address token, address spender, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(0x095ea7b3, spender, amount), "SafeTransfer: approve failed");
    }

    function safeTransferETH(address to, uint256 amount) internal {
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "SafeTransfer: BNB transfer failed");
    }

    function _call(address token, bytes memory data, string memory reason) private {
        require(token.code.length > 0, "SafeTransfer: token is not a contract");
        (bool ok, bytes memory ret) = token.call(data);
        if (!ok) {
            // Bubble up the token's own revert reason when it has one.
            if (ret.length > 0) {
                assembly {
                    revert(add(ret, 32), mload(ret))
                }
            }
            revert(reason);
        }
        require(ret.length == 0 || abi.decode(ret, (bool)), reason);
    }
}
