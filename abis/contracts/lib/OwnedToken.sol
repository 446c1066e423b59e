// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./ERC20.sol";
import "./Ownable.sol";

/// @notice What the project's own ERC-20s share: the deployer owns the token and may mint; any holder may burn their own.
abstract contract OwnedToken is ERC20, Ownable {
    /// @param initialSupply minted to the deployer, who becomes the owner (in base units).
    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply)
        ERC20(name_, symbol_, decimals_)
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
