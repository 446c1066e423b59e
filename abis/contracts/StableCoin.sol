// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./lib/OwnedToken.sol";

/// @title Stable coin stand-in (BUSD / USDT) for the local chain: 18 decimals, mintable by the owner.
contract StableCoin is OwnedToken {
    constructor(string memory name_, string memory symbol_, uint256 initialSupply) OwnedToken(name_, symbol_, 18, initialSupply) {}
}
