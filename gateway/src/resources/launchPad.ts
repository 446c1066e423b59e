import { defineResource, PUBLIC_CONTENT, WriteContext } from "./kit/define";
import { field } from "./kit/fields";

const fields = {
  pid: field.int({ required: true, min: 0, sortable: true, filterable: true }),
  priceToken: field.amount({ label: "Price per BNB", legacy: "PriceToken" }),
  priceTokenCrypto: field.amount({ label: "Price per BUSD", legacy: "PriceTokencrypto" }),
  tokenAddress: field.address({ required: true, filterable: true, legacy: "TokenAddress" }),
  tokenName: field.string(100, { searchable: true, legacy: "TokenName" }),
  tokenSymbol: field.string(100, { sortable: true, searchable: true, legacy: "TokenSymbol" }),
  tokenDecimal: field.int({ min: 0, max: 36, label: "Token decimals", legacy: "TokenDecimal" }),
  bnbMinimumContribution: field.amount({ legacy: "BNBMinimumContribution" }),
  bnbMaximumContribution: field.amount({ legacy: "BNBMaximumContribution" }),
  busdMinimumContribution: field.amount({ legacy: "BUSDMinimumContribution" }),
  busdMaximumContribution: field.amount({ legacy: "BUSDMaximumContribution" }),
  hardCap: field.amount({ legacy: "HardCap" }),
  busdHardCap: field.amount({ legacy: "BUSDHardCap" }),
  presaleAddress: field.address({ required: true, unique: true, searchable: true, legacy: "PresaleAddress" }),
};

const limits: [keyof typeof fields, keyof typeof fields][] = [
  ["bnbMinimumContribution", "bnbMaximumContribution"],
  ["busdMinimumContribution", "busdMaximumContribution"],
];

/** A minimum above its maximum would make the presale unusable. */
function contributionLimits(write: WriteContext<typeof fields>) {
  for (const [min, max] of limits) {
    const lo = write.values[min] ?? write.existing?.[min];
    const hi = write.values[max] ?? write.existing?.[max];
    if (typeof lo === "string" && typeof hi === "string" && Number(lo) > Number(hi)) {
      write.errors[min] = "Minimum contribution cannot exceed the maximum";
    }
  }
}

export const LaunchPad = defineResource({
  name: "LaunchPad",
  table: "launchpads",
  doc: "A launchpad presale registered with its on-chain presale contract.",
  fields,
  area: "sale",
  policy: { ...PUBLIC_CONTENT, chain: true },
  hooks: { beforeWrite: contributionLimits },
});
