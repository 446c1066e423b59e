// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./Presale.sol";
import "./lib/Ownable.sol";

/// @title Creates presales for the owner (the launchpad operator); the latest presale per token is looked up by token.
contract PresaleFactory is Ownable {
    /// @notice The stable coin (BUSD) every presale accepts.
    address public immutable stableCoin;

    mapping(address => address) private _presaleByToken;
    address[] public allPresales;

    event PresaleCreated(address indexed token, address indexed presale, address indexed owner);

    constructor(address stableCoin_) Ownable(msg.sender) {
        require(stableCoin_ != address(0), "PresaleFactory: stable coin is the zero address");
        stableCoin = stableCoin_;
    }

    /// @notice Deploys a presale owned by the caller. Prices are token base units per 1e18 BNB / BUSD; limits and caps
    /// are 18-decimal amounts; `pid` is the staking pool that bought tokens are locked in; `staker` may be zero.
    function createPresale(
        address token,
        uint256 priceBNB,
        uint256 priceBUSD,
        uint256 maxBNB,
        uint256 minBNB,
        uint256 maxBUSD,
        uint256 minBUSD,
        uint256 hardCap,
        uint256 busdHardCap,
        uint256 pid,
        address staker
    ) external onlyOwner returns (address presale) {
        Presale.Params memory p = Presale.Params({
            token: token,
            busd: stableCoin,
            priceBNB: priceBNB,
            priceBUSD: priceBUSD,
            maxBNB: maxBNB,
            minBNB: minBNB,
            maxBUSD: maxBUSD,
            minBUSD: minBUSD,
            hardCap: hardCap,
            busdHardCap: busdHardCap,
            pid: pid,
            staker: staker
        });
        presale = address(new Presale(msg.sender, p));
        _presaleByToken[token] = presale;
        allPresales.push(presale);
        emit PresaleCreated(token, presale, msg.sender);
    }

    /// @notice The latest presale created for `token`, or the zero address.
    function getPresale(address token) external view returns (address) {
        return _presaleByToken[token];
    }

    function allPresalesLength() external view returns (uint256) {
        return allPresales.length;
    }
}
