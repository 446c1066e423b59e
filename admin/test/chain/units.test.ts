import {
  checkAddress,
  depositAmount,
  formatAmount,
  formatBnb,
  isAmount,
  lockDaysForPid,
  parseAmount,
  parseBnb,
  parseDays,
  sameAddress,
  secondsToDays,
  shortAddress,
} from "../../src/chain/units";
import { ChainError } from "../../src/chain/errors";

describe("parseAmount", () => {
  it("turns decimal text into base units without floating point", () => {
    expect(parseAmount("1", 18)).toBe(10n ** 18n);
    expect(parseAmount("0.1", 18)).toBe(10n ** 17n);
    expect(parseAmount(" 12.5 ", 6)).toBe(12_500_000n);
    expect(parseAmount(".5", 2)).toBe(50n);
    expect(parseAmount("7.", 0)).toBe(7n);
    expect(parseBnb("0.3")).toBe(300_000_000_000_000_000n); // 0.3 is not exact as a JS number
    expect(parseAmount("123456789012345678901234567890", 0)).toBe(123456789012345678901234567890n);
  });

  it("refuses what is not a plain positive decimal, in plain words", () => {
    for (const bad of ["", " ", ".", "-1", "1e18", "1,000", "abc", "0x10", "1.2.3"]) {
      expect(() => parseAmount(bad, 18)).toThrow(ChainError);
    }
    expect(() => parseAmount("1.234", 2, "Price")).toThrow("Price has more than 2 decimals");
    expect(() => parseAmount("x", 18, "Hard cap")).toThrow("Hard cap must be a number like 12 or 0.5");
    expect(isAmount("1.5", 1)).toBe(true);
    expect(isAmount("1.55", 1)).toBe(false);
  });

  it("takes strings only", () => {
    expect(() => parseAmount(0.1 as unknown as string, 18)).toThrow(TypeError);
  });
});

describe("formatAmount", () => {
  it("prints base units as plain decimal text", () => {
    expect(formatAmount(10n ** 18n, 18)).toBe("1");
    expect(formatBnb(1_500_000_000_000_000_000n)).toBe("1.5");
    expect(formatAmount(0n, 18)).toBe("0");
    expect(formatAmount(1n, 18)).toBe("0.000000000000000001");
    expect(formatAmount(123_456_789n, 3, { maxFractionDigits: 2 })).toBe("123456.78");
    expect(formatAmount(1_234_567_000n, 3, { group: true })).toBe("1,234,567");
    expect(formatAmount(-15n, 1)).toBe("-1.5");
  });

  it("round-trips with parseAmount", () => {
    for (const text of ["0", "1", "0.000001", "98765.4321", "1000000000000"]) expect(formatAmount(parseAmount(text, 18), 18)).toBe(text);
  });
});

describe("chain constants", () => {
  it("maps pids to lock days", () => {
    const table: [number | string | bigint, number][] = [
      [6, 5],
      [0, 90],
      [7, 90],
      [1, 180],
      [8, 180],
      [10, 90],
      [2, 365],
      [3, 365],
      [9, 365],
      ["6", 5],
      [8n, 180],
    ];
    for (const [pid, days] of table) expect(lockDaysForPid(pid)).toBe(days);
  });

  it("shows the interval in days and checks the days typed", () => {
    expect(secondsToDays(86_400n * 30n)).toBe(30n);
    expect(secondsToDays(0n)).toBe(0n);
    expect(parseDays(" 7 ")).toBe(7n);
    expect(() => parseDays("0")).toThrow("Number of days must be a whole number above 0");
    expect(() => parseDays("1.5")).toThrow(ChainError);
  });

  it("computes the deposit as BUSD price times BUSD hard cap, in token base units", () => {
    // 2 tokens (18 decimals) per BUSD, hard cap 50,000 BUSD → 100,000 tokens
    expect(depositAmount(parseAmount("2", 18), parseAmount("50000", 18))).toBe(parseAmount("100000", 18));
    // a 6-decimal token at 0.5 per BUSD, hard cap 10 BUSD → 5 tokens
    expect(depositAmount(parseAmount("0.5", 6), parseAmount("10", 18))).toBe(5_000_000n);
  });
});

describe("addresses", () => {
  const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
  it("shortens, checks and compares", () => {
    expect(shortAddress(address)).toBe("0xf39F...2266");
    expect(shortAddress(null)).toBe("");
    expect(checkAddress(address.toLowerCase())).toBe(address);
    expect(checkAddress("0x123")).toBeNull();
    expect(checkAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267".replace("f39F", "F39f"))).toBeNull(); // bad checksum
    expect(sameAddress(address, address.toLowerCase())).toBe(true);
    expect(sameAddress(address, null)).toBe(false);
  });
});
