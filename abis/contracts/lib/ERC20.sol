// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./IERC20.sol";

/// @notice Minimal ERC-20. Every balance change goes through `_update`, which derived tokens may restrict.
abstract contract ERC20 is IERC20 {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        require(spender != address(0), "ERC20: approve to the zero address");
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "ERC20: insufficient allowance");
            unchecked {
                allowance[from][msg.sender] = allowed - amount;
            }
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(from != address(0), "ERC20: transfer from the zero address");
        require(to != address(0), "ERC20: transfer to the zero address");
        _update(from, to, amount);
    }

    function _mint(address to, uint256 amount) internal {
        require(to != address(0), "ERC20: mint to the zero address");
        _update(address(0), to, amount);
    }

    function _burn(address from, uint256 amount) internal {
        require(from != address(0), "ERC20: burn from the zero address");
        _update(from, address(0), amount);
    }

    /// @dev Moves `amount` from `from` to `to`; `from == 0` mints, `to == 0` burns.
    function _update(address from, address to, uint256 amount) internal virtual {
        if (from == address(0)) {
            totalSupply += amount;
        } else {
            uint256 balance = balanceOf[from];
            require(balance >= amount, "ERC20: transfer amount exceeds balance");
            unchecked {
                balanceOf[from] = balance - amount;
            }
        }
        if (to == address(0)) {
            unchecked {
                totalSupply -= amount;
            }
        } else {
            unchecked {
                balanceOf[to] += amount;
            }
        }
        emit Transfer(from, to, amount);
    }
}
