// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./lib/IERC20.sol";
import "./lib/Ownable.sol";
import "./lib/ReentrancyGuard.sol";
import "./lib/SafeTransfer.sol";

/// @title MasterChef-style farm: pools of staked tokens (LP or single tokens) earning a reward token per block.
/// @notice Rewards are paid from reward tokens deposited to the farm (it does not mint). A pool may charge a deposit
/// fee in basis points, sent to `feeAddress`.
contract Farm is Ownable, ReentrancyGuard {
    using SafeTransfer for address;

    struct PoolInfo {
        address lpToken;
        uint256 allocPoint;
        uint256 lastRewardBlock;
        uint256 accRewardPerShare;
        uint16 depositFeeBP;
        uint256 totalDeposited;
    }

    struct UserInfo {
        uint256 amount;
        uint256 rewardDebt;
    }

    uint256 private constant ACC_PRECISION = 1e18;
    uint16 public constant MAX_DEPOSIT_FEE_BP = 10_000;

    address public immutable rewardToken;
    uint256 public rewardPerBlock;
    uint256 public startBlock;
    uint256 public totalAllocPoint;
    address public feeAddress;
    /// @notice Reward tokens staked in pools whose staked token is the reward token (not available as rewards).
    uint256 public stakedRewardToken;

    PoolInfo[] public poolInfo;
    mapping(uint256 => mapping(address => UserInfo)) public userInfo;
    mapping(address => bool) public poolExistence;

    event PoolAdded(uint256 indexed pid, address indexed lpToken, uint256 allocPoint, uint16 depositFeeBP);
    event PoolSet(uint256 indexed pid, uint256 allocPoint, uint16 depositFeeBP);
    event Deposit(address indexed user, uint256 indexed pid, uint256 amount);
    event Withdraw(address indexed user, uint256 indexed pid, uint256 amount);
    event EmergencyWithdraw(address indexed user, uint256 indexed pid, uint256 amount);
    event RewardPaid(address indexed user, uint256 indexed pid, uint256 amount);
    event SetFeeAddress(address indexed user, address indexed newAddress);
    event UpdateEmissionRate(address indexed user, uint256 rewardPerBlock);

    constructor(address rewardToken_, uint256 rewardPerBlock_, uint256 startBlock_, address feeAddress_)
        Ownable(msg.sender)
    {
        require(rewardToken_ != address(0), "Farm: reward token is the zero address");
        require(feeAddress_ != address(0), "Farm: fee address is the zero address");
        rewardToken = rewardToken_;
        rewardPerBlock = rewardPerBlock_;
        startBlock = startBlock_;
        feeAddress = feeAddress_;
    }

    function poolLength() external view returns (uint256) {
        return poolInfo.length;
    }

    /// @notice Adds a pool for `lpToken`; each staked token may have one pool only.
    function add(uint256 allocPoint, address lpToken, uint16 depositFeeBP, bool withUpdate) external onlyOwner {
        require(lpToken.code.length > 0, "Farm: LP token is not a contract");
        require(!poolExistence[lpToken], "Farm: pool already exists");
        require(depositFeeBP <= MAX_DEPOSIT_FEE_BP, "Farm: deposit fee above 10000 basis points");
        if (withUpdate) massUpdatePools();
        uint256 lastRewardBlock = block.number > startBlock ? block.number : startBlock;
        totalAllocPoint += allocPoint;
        poolExistence[lpToken] = true;
        poolInfo.push(PoolInfo(lpToken, allocPoint, lastRewardBlock, 0, depositFeeBP, 0));
        emit PoolAdded(poolInfo.length - 1, lpToken, allocPoint, depositFeeBP);
    }

    function set(uint256 pid, uint256 allocPoint, uint16 depositFeeBP, bool withUpdate) external onlyOwner {
        require(depositFeeBP <= MAX_DEPOSIT_FEE_BP, "Farm: deposit fee above 10000 basis points");
        PoolInfo storage pool = _pool(pid);
        if (withUpdate) massUpdatePools();
        else updatePool(pid);
        totalAllocPoint = totalAllocPoint - pool.allocPoint + allocPoint;
        pool.allocPoint = allocPoint;
        pool.depositFeeBP = depositFeeBP;
        emit PoolSet(pid, allocPoint, depositFeeBP);
    }

    function pendingReward(uint256 pid, address account) external view returns (uint256) {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][account];
        uint256 acc = pool.accRewardPerShare;
        if (block.number > pool.lastRewardBlock && pool.totalDeposited > 0 && totalAllocPoint > 0) {
            uint256 reward = ((block.number - pool.lastRewardBlock) * rewardPerBlock * pool.allocPoint) / totalAllocPoint;
            acc += (reward * ACC_PRECISION) / pool.totalDeposited;
        }
        return (user.amount * acc) / ACC_PRECISION - user.rewardDebt;
    }

    function massUpdatePools() public {
        for (uint256 pid = 0; pid < poolInfo.length; pid++) updatePool(pid);
    }

    function updatePool(uint256 pid) public {
        PoolInfo storage pool = _pool(pid);
        if (block.number <= pool.lastRewardBlock) return;
        if (pool.totalDeposited == 0 || pool.allocPoint == 0 || totalAllocPoint == 0) {
            pool.lastRewardBlock = block.number;
            return;
        }
        uint256 reward = ((block.number - pool.lastRewardBlock) * rewardPerBlock * pool.allocPoint) / totalAllocPoint;
        pool.accRewardPerShare += (reward * ACC_PRECISION) / pool.totalDeposited;
        pool.lastRewardBlock = block.number;
    }

    /// @notice Deposits `amount` of the pool's token (after approval) and harvests pending rewards.
    function deposit(uint256 pid, uint256 amount) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        updatePool(pid);
        _harvest(pid, pool, user);
        if (amount > 0) {
            address lp = pool.lpToken;
            uint256 before = IERC20(lp).balanceOf(address(this));
            lp.safeTransferFrom(msg.sender, address(this), amount);
            uint256 received = IERC20(lp).balanceOf(address(this)) - before;
            uint256 fee = (received * pool.depositFeeBP) / 10_000;
            if (fee > 0) lp.safeTransfer(feeAddress, fee);
            uint256 credited = received - fee;
            user.amount += credited;
            pool.totalDeposited += credited;
            if (lp == rewardToken) stakedRewardToken += credited;
            emit Deposit(msg.sender, pid, credited);
        }
        user.rewardDebt = (user.amount * pool.accRewardPerShare) / ACC_PRECISION;
    }

    /// @notice Withdraws `amount` of the caller's deposit and harvests pending rewards (amount 0 only harvests).
    function withdraw(uint256 pid, uint256 amount) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        require(user.amount >= amount, "Farm: withdraw amount exceeds deposit");
        updatePool(pid);
        _harvest(pid, pool, user);
        if (amount > 0) {
            user.amount -= amount;
            pool.totalDeposited -= amount;
            if (pool.lpToken == rewardToken) stakedRewardToken -= amount;
            pool.lpToken.safeTransfer(msg.sender, amount);
            emit Withdraw(msg.sender, pid, amount);
        }
        user.rewardDebt = (user.amount * pool.accRewardPerShare) / ACC_PRECISION;
    }

    /// @notice Withdraws the whole deposit without rewards.
    function emergencyWithdraw(uint256 pid) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        uint256 amount = user.amount;
        user.amount = 0;
        user.rewardDebt = 0;
        pool.totalDeposited -= amount;
        if (pool.lpToken == rewardToken) stakedRewardToken -= amount;
        pool.lpToken.safeTransfer(msg.sender, amount);
        emit EmergencyWithdraw(msg.sender, pid, amount);
    }

    function setFeeAddress(address newFeeAddress) external {
        require(msg.sender == feeAddress || msg.sender == owner(), "Farm: forbidden");
        require(newFeeAddress != address(0), "Farm: fee address is the zero address");
        feeAddress = newFeeAddress;
        emit SetFeeAddress(msg.sender, newFeeAddress);
    }

    function updateEmissionRate(uint256 rewardPerBlock_) external onlyOwner {
        massUpdatePools();
        rewardPerBlock = rewardPerBlock_;
        emit UpdateEmissionRate(msg.sender, rewardPerBlock_);
    }

    /// @notice Reward tokens available for rewards (held beyond staked reward tokens).
    function rewardBalance() public view returns (uint256) {
        uint256 balance = IERC20(rewardToken).balanceOf(address(this));
        return balance > stakedRewardToken ? balance - stakedRewardToken : 0;
    }

    function _harvest(uint256 pid, PoolInfo storage pool, UserInfo storage user) private {
        if (user.amount == 0) return;
        uint256 pending = (user.amount * pool.accRewardPerShare) / ACC_PRECISION - user.rewardDebt;
        if (pending == 0) return;
        uint256 available = rewardBalance();
        uint256 paid = pending > available ? available : pending;
        if (paid > 0) {
            rewardToken.safeTransfer(msg.sender, paid);
            emit RewardPaid(msg.sender, pid, paid);
        }
    }

    function _pool(uint256 pid) private view returns (PoolInfo storage) {
        require(pid < poolInfo.length, "Farm: unknown pool");
        return poolInfo[pid];
    }
}
