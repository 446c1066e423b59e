// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./lib/IERC20.sol";
import "./lib/Ownable.sol";
import "./lib/ReentrancyGuard.sol";
import "./lib/SafeTransfer.sol";

/// @title Lock-period staking of one token, with pools by pid.
/// @notice Each pool has a locked period (seconds), a reward per block shared by the pool's stakers and a fixed APR
/// (basis points a year on the staked amount). A stake (or top-up) locks the position until `lockedPeriod` after it;
/// `claim` then returns the stake with its rewards. Rewards are paid from tokens the owner deposits beyond the stakes.
contract Staking is Ownable, ReentrancyGuard {
    using SafeTransfer for address;

    struct PoolInfo {
        uint256 lockedPeriod;
        uint256 rewardPerBlock;
        uint256 fixedAPR;
        uint256 totalStaked;
        uint256 accRewardPerShare;
        uint256 lastRewardBlock;
    }

    struct UserInfo {
        uint256 amount;
        uint256 rewardDebt;
        uint256 accrued;
        uint256 lastAccrual;
        uint256 unlockTime;
    }

    uint256 private constant ACC_PRECISION = 1e18;
    uint256 private constant BPS = 10_000;
    uint256 private constant YEAR = 365 days;

    address public immutable token;
    PoolInfo[] public poolInfo;
    mapping(uint256 => mapping(address => UserInfo)) public userInfo;
    uint256 public totalStaked;
    mapping(address => bool) private _blacklisted;

    event PoolAdded(uint256 indexed pid, uint256 lockedPeriod, uint256 rewardPerBlock, uint256 fixedAPR);
    event PoolUpdated(uint256 indexed pid, uint256 lockedPeriod, uint256 rewardPerBlock, uint256 fixedAPR);
    event Staked(address indexed user, uint256 indexed pid, uint256 amount, uint256 unlockTime);
    event Claimed(address indexed user, uint256 indexed pid, uint256 amount, uint256 reward);
    event UserBlacklisted(address indexed user);
    event UserUnblacklisted(address indexed user);

    constructor(address token_) Ownable(msg.sender) {
        require(token_ != address(0), "Staking: token is the zero address");
        token = token_;
    }

    // ----- owner -----

    /// @param fixedAPR_ basis points a year (1000 = 10 %).
    function addPool(uint256 lockedPeriod_, uint256 rewardPerBlock_, uint256 fixedAPR_)
        external
        onlyOwner
        returns (uint256 pid)
    {
        pid = poolInfo.length;
        poolInfo.push(PoolInfo(lockedPeriod_, rewardPerBlock_, fixedAPR_, 0, 0, block.number));
        emit PoolAdded(pid, lockedPeriod_, rewardPerBlock_, fixedAPR_);
    }

    function setPool(uint256 pid, uint256 lockedPeriod_, uint256 rewardPerBlock_, uint256 fixedAPR_)
        external
        onlyOwner
    {
        PoolInfo storage pool = _pool(pid);
        _updatePool(pool);
        pool.lockedPeriod = lockedPeriod_;
        pool.rewardPerBlock = rewardPerBlock_;
        pool.fixedAPR = fixedAPR_;
        emit PoolUpdated(pid, lockedPeriod_, rewardPerBlock_, fixedAPR_);
    }

    function blacklistUser(address user) external onlyOwner {
        require(user != address(0), "Staking: zero address");
        _blacklisted[user] = true;
        emit UserBlacklisted(user);
    }

    function removeBlacklistUser(address user) external onlyOwner {
        _blacklisted[user] = false;
        emit UserUnblacklisted(user);
    }

    // ----- views -----

    function poolLength() external view returns (uint256) {
        return poolInfo.length;
    }

    function lockedPeriod(uint256 pid) external view returns (uint256) {
        return _pool(pid).lockedPeriod;
    }

    function rewardPerBlock(uint256 pid) external view returns (uint256) {
        return _pool(pid).rewardPerBlock;
    }

    function fixedAPR(uint256 pid) external view returns (uint256) {
        return _pool(pid).fixedAPR;
    }

    function isBlacklisted(address user) external view returns (bool) {
        return _blacklisted[user];
    }

    /// @notice Tokens held beyond the stakes, out of which rewards are paid.
    function rewardBalance() public view returns (uint256) {
        uint256 balance = IERC20(token).balanceOf(address(this));
        return balance > totalStaked ? balance - totalStaked : 0;
    }

    function pendingReward(uint256 pid, address account) external view returns (uint256) {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][account];
        uint256 acc = pool.accRewardPerShare;
        if (block.number > pool.lastRewardBlock && pool.totalStaked > 0) {
            acc += ((block.number - pool.lastRewardBlock) * pool.rewardPerBlock * ACC_PRECISION) / pool.totalStaked;
        }
        return user.accrued + (user.amount * acc) / ACC_PRECISION - user.rewardDebt + _aprReward(pool, user);
    }

    // ----- staking -----

    function stake(uint256 pid, uint256 amount) external nonReentrant {
        _stake(msg.sender, pid, amount);
    }

    /// @notice Stakes the caller's tokens for `user` (used by presales to lock bought tokens).
    function stakeFor(address user, uint256 pid, uint256 amount) external nonReentrant {
        require(user != address(0), "Staking: zero address");
        _stake(user, pid, amount);
    }

    /// @notice After the lock, returns the whole stake of the caller in pool `pid` with its rewards.
    function claim(uint256 pid) external nonReentrant {
        require(!_blacklisted[msg.sender], "Staking: user is blacklisted");
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        require(user.amount > 0, "Staking: nothing staked");
        require(block.timestamp >= user.unlockTime, "Staking: tokens are still locked");
        _updatePool(pool);
        _accrue(pool, user);
        uint256 amount = user.amount;
        uint256 reward = user.accrued;
        uint256 available = rewardBalance();
        if (reward > available) reward = available;
        delete userInfo[pid][msg.sender];
        pool.totalStaked -= amount;
        totalStaked -= amount;
        token.safeTransfer(msg.sender, amount + reward);
        emit Claimed(msg.sender, pid, amount, reward);
    }

    function _stake(address account, uint256 pid, uint256 amount) private {
        require(!_blacklisted[account], "Staking: user is blacklisted");
        require(amount > 0, "Staking: zero amount");
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][account];
        _updatePool(pool);
        _accrue(pool, user);
        token.safeTransferFrom(msg.sender, address(this), amount);
        user.amount += amount;
        user.rewardDebt = (user.amount * pool.accRewardPerShare) / ACC_PRECISION;
        user.unlockTime = block.timestamp + pool.lockedPeriod;
        pool.totalStaked += amount;
        totalStaked += amount;
        emit Staked(account, pid, amount, user.unlockTime);
    }

    function _pool(uint256 pid) private view returns (PoolInfo storage) {
        require(pid < poolInfo.length, "Staking: unknown pool");
        return poolInfo[pid];
    }

    function _updatePool(PoolInfo storage pool) private {
        if (block.number <= pool.lastRewardBlock) return;
        if (pool.totalStaked > 0) {
            pool.accRewardPerShare +=
                ((block.number - pool.lastRewardBlock) * pool.rewardPerBlock * ACC_PRECISION) / pool.totalStaked;
        }
        pool.lastRewardBlock = block.number;
    }

    /// @dev Moves the user's per-block and APR rewards earned so far into `accrued`; the pool must be updated first.
    function _accrue(PoolInfo storage pool, UserInfo storage user) private {
        if (user.amount > 0) {
            user.accrued += (user.amount * pool.accRewardPerShare) / ACC_PRECISION - user.rewardDebt;
            user.accrued += _aprReward(pool, user);
        }
        user.rewardDebt = (user.amount * pool.accRewardPerShare) / ACC_PRECISION;
        user.lastAccrual = block.timestamp;
    }

    function _aprReward(PoolInfo storage pool, UserInfo storage user) private view returns (uint256) {
        if (user.amount == 0 || user.lastAccrual == 0) return 0;
        return (user.amount * pool.fixedAPR * (block.timestamp - user.lastAccrual)) / (BPS * YEAR);
    }
}
