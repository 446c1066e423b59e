// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./lib/OwnedToken.sol";

/// @title Sale token: an ERC-20 whose owner can blacklist holders; blacklisted addresses can neither send nor receive.
contract SaleToken is OwnedToken {
    mapping(address => bool) private _blacklisted;

    event BlacklistAdded(address indexed user);
    event BlacklistRemoved(address indexed user);

    /// @param initialSupply minted to the deployer, who becomes the owner (in base units).
    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply)
        OwnedToken(name_, symbol_, decimals_, initialSupply)
    {}

    function addBlacklistedUser(address user) external onlyOwner {
        require(user != address(0), "SaleToken: zero address");
        _blacklisted[user] = true;
        emit BlacklistAdded(user);
    }

    function removeBlacklist(address user) external onlyOwner {
        _blacklisted[user] = false;
        emit BlacklistRemoved(user);
    }

    function isBlacklisted(address user) external view returns (bool) {
        return _blacklisted[user];
    }

    function _update(address from, address to, uint256 amount) internal override {
        require(!_blacklisted[from], "SaleToken: sender is blacklisted");
        require(!_blacklisted[to], "SaleToken: recipient is blacklisted");
        super._update(from, to, amount);
    }
}
