// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./lib/IERC20.sol";
import "./lib/Ownable.sol";
import "./lib/ReentrancyGuard.sol";
import "./lib/SafeTransfer.sol";

/// @notice What a presale needs from a lock-period staking contract to lock bought tokens for their buyer.
interface IStakingFor {
    function stakeFor(address user, uint256 pid, uint256 amount) external;
}

/// @title Token presale selling a deposited token for BNB and for a stable coin (BUSD).
/// @notice Rates are token base units per 1e18 of payment (1 BNB or 1 BUSD), i.e. a price scaled by the token's decimals.
/// Bought tokens are owed to the buyer and become claimable when the owner finalises the closed sale; with a staker
/// set, a claim locks them in the staker's pool `currentPoolId` for the buyer instead of transferring them.
contract Presale is Ownable, ReentrancyGuard {
    using SafeTransfer for address;

    struct Params {
        address token;
        address busd;
        uint256 priceBNB;
        uint256 priceBUSD;
        uint256 maxBNB;
        uint256 minBNB;
        uint256 maxBUSD;
        uint256 minBUSD;
        uint256 hardCap;
        uint256 busdHardCap;
        uint256 pid;
        address staker;
    }

    uint256 private constant RATE_UNIT = 1e18;

    address public immutable factory;
    address public immutable BUSD;

    address public tokenAddress;
    address public Staker;
    uint256 public currentPoolId;

    uint256 public tokenRatePerEth;
    uint256 public tokenRatePercrypto;
    uint256 public minEthLimit;
    uint256 public maxEthLimit;
    uint256 public BUSDminEthLimit;
    uint256 public BUSDmaxEthLimit;
    uint256 public hardCap;
    uint256 public BUSDhardCap;

    /// @notice Sale duration in seconds, set by `startPresale(days)`.
    uint256 public intervalDays;
    uint256 public startTime;
    uint256 public endTime;

    bool public isPresaleOpen;
    bool public isClaimable;
    /// @notice True when the sale also accepts BUSD (its BUSD rate is not zero).
    bool public iscrypto;
    /// @notice True when only whitelisted addresses may buy, each up to its allocation.
    bool public isWhitelist;

    /// @notice BNB raised (wei) and BUSD raised (18 decimals).
    uint256 public ethEarned;
    uint256 public busdEarned;
    /// @notice Tokens sold in total, and tokens sold but not yet claimed.
    uint256 public tokensSold;
    uint256 public tokensOwed;

    mapping(address => uint256) public usersInvestments;
    mapping(address => uint256) public usersBUSDInvestments;
    mapping(address => uint256) public userTokens;
    /// @notice Whitelist allocation per address (18-decimal amount, applied to BNB and to BUSD contributions).
    mapping(address => uint256) public whitelistedAddresses;

    event PresaleStarted(uint256 startTime, uint256 endTime);
    event PresaleClosed(uint256 time);
    event TokensBought(address indexed buyer, bool indexed withBUSD, uint256 paid, uint256 tokens);
    event TokensClaimed(address indexed user, uint256 amount, bool staked);
    event SaleFinalized(address indexed staker);
    event WhitelistToggled(bool enabled);
    event WhitelistedAddressAdded(address indexed user, uint256 allocation);
    event SettingChanged(string setting, uint256 value);
    event TokenAddressChanged(address indexed token);
    event Withdrawn(address indexed to, address indexed asset, uint256 amount);

    constructor(address initialOwner, Params memory p) Ownable(initialOwner) {
        require(p.token != address(0), "Presale: token is the zero address");
        require(p.minBNB <= p.maxBNB, "Presale: BNB minimum above maximum");
        require(p.minBUSD <= p.maxBUSD, "Presale: BUSD minimum above maximum");
        factory = msg.sender;
        BUSD = p.busd;
        tokenAddress = p.token;
        tokenRatePerEth = p.priceBNB;
        tokenRatePercrypto = p.priceBUSD;
        iscrypto = p.priceBUSD > 0 && p.busd != address(0);
        maxEthLimit = p.maxBNB;
        minEthLimit = p.minBNB;
        BUSDmaxEthLimit = p.maxBUSD;
        BUSDminEthLimit = p.minBUSD;
        hardCap = p.hardCap;
        BUSDhardCap = p.busdHardCap;
        currentPoolId = p.pid;
        Staker = p.staker;
    }

    // ----- owner settings -----

    function setTokenRatePerEth(uint256 rate) external onlyOwner {
        tokenRatePerEth = rate;
        emit SettingChanged("tokenRatePerEth", rate);
    }

    function setTokenRatePercrypto(uint256 rate) external onlyOwner {
        tokenRatePercrypto = rate;
        iscrypto = rate > 0 && BUSD != address(0);
        emit SettingChanged("tokenRatePercrypto", rate);
    }

    function setMinEthLimit(uint256 amount) external onlyOwner {
        minEthLimit = amount;
        emit SettingChanged("minEthLimit", amount);
    }

    function setMaxEthLimit(uint256 amount) external onlyOwner {
        maxEthLimit = amount;
        emit SettingChanged("maxEthLimit", amount);
    }

    function setBUSDMinEthLimit(uint256 amount) external onlyOwner {
        BUSDminEthLimit = amount;
        emit SettingChanged("BUSDminEthLimit", amount);
    }

    function setBUSDMaxEthLimit(uint256 amount) external onlyOwner {
        BUSDmaxEthLimit = amount;
        emit SettingChanged("BUSDmaxEthLimit", amount);
    }

    function setHardCap(uint256 amount) external onlyOwner {
        hardCap = amount;
        emit SettingChanged("hardCap", amount);
    }

    function setBUSDHardCap(uint256 amount) external onlyOwner {
        BUSDhardCap = amount;
        emit SettingChanged("BUSDhardCap", amount);
    }

    function setCurrentPoolId(uint256 pid) external onlyOwner {
        currentPoolId = pid;
        emit SettingChanged("currentPoolId", pid);
    }

    /// @notice Changes the token sold; only while closed and before any token is owed to a buyer.
    function setTokenAddress(address token) external onlyOwner {
        require(token != address(0), "Presale: token is the zero address");
        require(!isPresaleOpen, "Presale: close the sale first");
        require(tokensOwed == 0, "Presale: tokens already sold");
        tokenAddress = token;
        emit TokenAddressChanged(token);
    }

    /// @notice Toggles whitelist-only mode.
    function whitelistedSale() external onlyOwner {
        isWhitelist = !isWhitelist;
        emit WhitelistToggled(isWhitelist);
    }

    function addMultipleWhitelistedAddresses(address[] calldata addresses, uint256[] calldata allocations)
        external
        onlyOwner
    {
        require(addresses.length == allocations.length, "Presale: addresses and allocations differ in length");
        for (uint256 i = 0; i < addresses.length; i++) {
            require(addresses[i] != address(0), "Presale: whitelisted address is the zero address");
            whitelistedAddresses[addresses[i]] = allocations[i];
            emit WhitelistedAddressAdded(addresses[i], allocations[i]);
        }
    }

    // ----- sale lifecycle -----

    /// @notice Opens the sale for `numberOfDays` days; the tokens to sell must be deposited first.
    function startPresale(uint256 numberOfDays) external onlyOwner {
        require(!isPresaleOpen, "Presale: sale is already open");
        require(!isClaimable, "Presale: sale is finalized");
        require(numberOfDays > 0, "Presale: duration must be at least one day");
        require(IERC20(tokenAddress).balanceOf(address(this)) > 0, "Presale: deposit tokens first");
        intervalDays = numberOfDays * 1 days;
        startTime = block.timestamp;
        endTime = block.timestamp + intervalDays;
        isPresaleOpen = true;
        emit PresaleStarted(startTime, endTime);
    }

    function closePresale() external onlyOwner {
        require(isPresaleOpen, "Presale is not open");
        isPresaleOpen = false;
        emit PresaleClosed(block.timestamp);
    }

    /// @notice Makes bought tokens claimable; `staker` (or the zero address for plain transfers) receives the claims.
    function finalizeSale(address staker) external onlyOwner {
        require(!isPresaleOpen, "Presale: close the sale first");
        Staker = staker;
        isClaimable = true;
        emit SaleFinalized(staker);
    }

    function withdrawBNB() external onlyOwner nonReentrant {
        uint256 amount = address(this).balance;
        require(amount > 0, "Presale: no BNB to withdraw");
        msg.sender.safeTransferETH(amount);
        emit Withdrawn(msg.sender, address(0), amount);
    }

    function withdrawBUSD() external onlyOwner nonReentrant {
        require(BUSD != address(0), "Presale: no BUSD configured");
        uint256 amount = IERC20(BUSD).balanceOf(address(this));
        require(amount > 0, "Presale: no BUSD to withdraw");
        BUSD.safeTransfer(msg.sender, amount);
        emit Withdrawn(msg.sender, BUSD, amount);
    }

    /// @notice Sends the owner every deposited token that no buyer is owed; only while closed.
    function getUnsoldTokens() external onlyOwner nonReentrant {
        require(!isPresaleOpen, "Presale: close the sale first");
        uint256 unsold = availableTokens();
        require(unsold > 0, "Presale: no unsold tokens");
        tokenAddress.safeTransfer(msg.sender, unsold);
        emit Withdrawn(msg.sender, tokenAddress, unsold);
    }

    // ----- buying and claiming -----

    function buyToken() external payable nonReentrant {
        uint256 amount = msg.value;
        _requireOpen(amount);
        uint256 total = usersInvestments[msg.sender] + amount;
        require(total >= minEthLimit, "Presale: contribution below minimum");
        require(total <= maxEthLimit, "Presale: contribution above maximum");
        _requireAllocation(total);
        require(ethEarned + amount <= hardCap, "Presale: hard cap reached");
        uint256 tokens = (amount * tokenRatePerEth) / RATE_UNIT;
        _sell(tokens);
        usersInvestments[msg.sender] = total;
        ethEarned += amount;
        emit TokensBought(msg.sender, false, amount, tokens);
    }

    /// @notice Buys with `amount` BUSD (18 decimals), which the buyer has approved to this contract.
    function buyTokenWithBUSD(uint256 amount) external nonReentrant {
        require(iscrypto, "Presale: BUSD purchases are disabled");
        _requireOpen(amount);
        uint256 total = usersBUSDInvestments[msg.sender] + amount;
        require(total >= BUSDminEthLimit, "Presale: contribution below minimum");
        require(total <= BUSDmaxEthLimit, "Presale: contribution above maximum");
        _requireAllocation(total);
        require(busdEarned + amount <= BUSDhardCap, "Presale: BUSD hard cap reached");
        uint256 tokens = (amount * tokenRatePercrypto) / RATE_UNIT;
        _sell(tokens);
        usersBUSDInvestments[msg.sender] = total;
        busdEarned += amount;
        BUSD.safeTransferFrom(msg.sender, address(this), amount);
        emit TokensBought(msg.sender, true, amount, tokens);
    }

    function claimTokens() external nonReentrant {
        require(isClaimable, "Presale: tokens are not claimable yet");
        uint256 amount = userTokens[msg.sender];
        require(amount > 0, "Presale: nothing to claim");
        userTokens[msg.sender] = 0;
        tokensOwed -= amount;
        address staker = Staker;
        if (staker != address(0)) {
            tokenAddress.safeApprove(staker, amount);
            IStakingFor(staker).stakeFor(msg.sender, currentPoolId, amount);
        } else {
            tokenAddress.safeTransfer(msg.sender, amount);
        }
        emit TokensClaimed(msg.sender, amount, staker != address(0));
    }

    /// @notice Deposited tokens not yet sold.
    function availableTokens() public view returns (uint256) {
        uint256 balance = IERC20(tokenAddress).balanceOf(address(this));
        return balance > tokensOwed ? balance - tokensOwed : 0;
    }

    function _requireOpen(uint256 amount) private view {
        require(isPresaleOpen && block.timestamp < endTime, "Presale is not open");
        require(amount > 0, "Presale: zero amount");
    }

    function _requireAllocation(uint256 total) private view {
        if (!isWhitelist) return;
        uint256 allocation = whitelistedAddresses[msg.sender];
        require(allocation > 0, "Presale: address is not whitelisted");
        require(total <= allocation, "Presale: whitelist allocation exceeded");
    }

    function _sell(uint256 tokens) private {
        require(tokens > 0, "Presale: amount too small for one token unit");
        require(tokens <= availableTokens(), "Presale: not enough tokens left");
        tokensSold += tokens;
        tokensOwed += tokens;
        userTokens[msg.sender] += tokens;
    }
}
