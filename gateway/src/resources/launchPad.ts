import { defineResource, WriteContext } from "./kit/define";
import { f } from "./kit/fields";

const fields = {
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
};

const limits: [keyof typeof fields, keyof typeof fields][] = [
  ["bnbMinimumContribution", "bnbMaximumContribution"],
  ["busdMinimumContribution", "busdMaximumContribution"],
];

/** A minimum above its maximum would make the presale unusable. */
function contributionLimits(w: WriteContext<typeof fields>) {
  for (const [min, max] of limits) {
    const lo = w.values[min] ?? w.existing?.[min];
    const hi = w.values[max] ?? w.existing?.[max];
    if (typeof lo === "string" && typeof hi === "string" && Number(lo) > Number(hi)) {
      w.errors[min] = "Minimum contribution cannot exceed the maximum";
    }
  }
}

export const LaunchPad = defineResource({
  name: "LaunchPad",
  table: "launchpads",
  doc: "A launchpad presale registered with its on-chain presale contract.",
  fields,
  access: { read: "public", write: "user" },
  hooks: { beforeWrite: contributionLimits },
});
