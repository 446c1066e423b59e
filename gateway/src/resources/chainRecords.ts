import { defineResource, WriteContext } from "./kit/define";
import { f, PNG_SVG } from "./kit/fields";

export const pools = defineResource({
  name: "Pool",
  table: "pools",
  doc: "A farm pool, saved after its add transaction is mined.",
  fields: {
    pid: f.int({ required: true, min: 0, sortable: true, filterable: true }),
    risk: f.int({ min: 0, max: 100 }),
    lpSymbol: f.string(100, { required: true, sortable: true, searchable: true }),
    alloc: f.amount({ label: "Multiplier" }),
    isTokenOnly: f.bool(true),
    lpAddresses: f.address(),
    tokenSymbol: f.string(100, { sortable: true, searchable: true }),
    tokenAddresses: f.address({ required: true }),
    quoteTokenSymbol: f.string(100),
    quoteTokenAddresses: f.address({ legacy: "quoteTokenAdresses" }),
    depositFee: f.amount(),
    imageUri: f.image(PNG_SVG),
  },
  access: { read: "public", write: "user" },
});

export const ipWhitelist = defineResource({
  name: "IpWhitelistEntry",
  table: "ip_whitelist",
  doc: "An IP address on the whitelist.",
  fields: { address: f.string(64, { required: true, unique: true, format: "ip", legacy: "whitelist" }) },
  access: { read: "user", write: "user" },
});

const limits: [string, string][] = [
  ["bnbMinimumContribution", "bnbMaximumContribution"],
  ["busdMinimumContribution", "busdMaximumContribution"],
];

/** A minimum above its maximum would make the presale unusable. */
function contributionLimits(w: WriteContext) {
  for (const [min, max] of limits) {
    const lo = w.values[min] ?? w.existing?.[min];
    const hi = w.values[max] ?? w.existing?.[max];
    if (typeof lo === "string" && typeof hi === "string" && Number(lo) > Number(hi)) {
      w.errors[min] = "Minimum contribution cannot exceed the maximum";
    }
  }
}

export const launchPads = defineResource({
  name: "LaunchPad",
  table: "launchpads",
  doc: "A launchpad presale registered with its on-chain presale contract.",
  fields: {
    pid: f.int({ required: true, min: 0, sortable: true, filterable: true }),
    priceToken: f.amount({ label: "Price per BNB", legacy: "PriceToken" }),
    priceTokenCrypto: f.amount({ label: "Price per BUSD", legacy: "PriceTokencrypto" }),
    tokenAddress: f.address({ required: true, filterable: true, legacy: "TokenAddress" }),
    tokenName: f.string(100, { searchable: true, legacy: "TokenName" }),
    tokenSymbol: f.string(100, { sortable: true, searchable: true, legacy: "TokenSymbol" }),
    tokenDecimal: f.int({ min: 0, max: 36, label: "Token decimals", legacy: "TokenDecimal" }),
    bnbMinimumContribution: f.amount({ legacy: "BNBMinimumContribution" }),
    bnbMaximumContribution: f.amount({ legacy: "BNBMaximumContribution" }),
    busdMinimumContribution: f.amount({ legacy: "BUSDMinimumContribution" }),
    busdMaximumContribution: f.amount({ legacy: "BUSDMaximumContribution" }),
    hardCap: f.amount({ legacy: "HardCap" }),
    busdHardCap: f.amount({ legacy: "BUSDHardCap" }),
    presaleAddress: f.address({ required: true, unique: true, searchable: true, legacy: "PresaleAddress" }),
  },
  access: { read: "public", write: "user" },
  hooks: { beforeWrite: contributionLimits },
});

export const blocklist = defineResource({
  name: "BlocklistEntry",
  table: "blocklist",
  doc: "A wallet address on the token's blocklist.",
  fields: { walletAddress: f.address({ required: true, unique: true, searchable: true, legacy: "walletaddress" }) },
  access: { read: "user", write: "user" },
  defaultSort: { field: "createdAt", order: "DESC" },
});
