/**
 * Compile-time checks of the types a declaration gives (run by `npm run typecheck`,
 * part of `npm run lint`): each `@ts-expect-error` must stay an error.
 */
import type { ResourceService } from "../../../src/resources/kit/service";
import type { InputOfResource, RowOfResource } from "../../../src/resources/kit/define";
import { LaunchPad } from "../../../src/resources/launchPad";
import { User } from "../../../src/resources/user";

type LaunchPadRow = RowOfResource<typeof LaunchPad>;
export const pid: LaunchPadRow["pid"] = 1;
export const optionalName: LaunchPadRow["tokenName"] = null;
// @ts-expect-error a required field is never null
export const requiredAddress: LaunchPadRow["presaleAddress"] = null;
// @ts-expect-error an int field holds a number
export const textPid: LaunchPadRow["pid"] = "1";

type UserInput = InputOfResource<typeof User>;
export const userInput: UserInput = { name: "Ada", email: "ada@example.com", password: "long enough", role: "admin" };
// @ts-expect-error a hidden field is not written through the API
export const hiddenInput: UserInput = { passwordHash: "x" };
// @ts-expect-error a read-only field is not written through the API
export const readOnlyInput: UserInput = { twoFactorEnabled: true };

export async function typedService(launchPads: ResourceService<typeof LaunchPad>) {
  const [first] = await launchPads.list({}, undefined);
  const symbol: string | null = first.tokenSymbol;
  // @ts-expect-error LaunchPad has no such field
  await launchPads.create({ pid: 1, presaleAddress: "0x", tokenAddress: "0x", tokenNam: "typo" }, undefined);
  return symbol;
}
