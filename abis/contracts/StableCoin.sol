// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./lib/ERC20.sol";
import "./lib/Ownable.sol";

/// @title Stable coin stand-in (BUSD / USDT) for the local chain: 18 decimals, mintable by the owner.
contract StableCoin is ERC20, Ownable {
    constructor(string memory name_, string memory symbol_, uint256 initialSupply)
        ERC20(name_, symbol_, 18)
        Ownable(msg.sender)
    {
        if (initialSupply > 0) _mint(msg.sender, initialSupply);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function burn(uint256 amount) external {
        _burn(msg.sender, amount);
    }
}
