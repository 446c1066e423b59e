const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv6 address: up to 8 groups of 1-4 hex digits, at most one `::`, optionally ending in an IPv4 address. */
function isIpv6(text: string) {
  let body = text;
  const v4 = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    if (!IPV4.test(v4[1])) return false;
    body = `${text.slice(0, -v4[1].length)}0:0`;
  }
  if (!/^[0-9a-fA-F:]+$/.test(body)) return false;
  const halves = body.split("::");
  if (halves.length > 2) return false;
  const parts = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
  if (parts.some((part) => !/^[0-9a-fA-F]{1,4}$/.test(part))) return false;
  return halves.length === 2 ? parts.length < 8 : parts.length === 8;
}

/** `a.b.c.d/n`, `a:b::/n` or a single address, as the gateway takes them (auth/roles.ts parseCidr). */
export function isCidr(text: string): boolean {
  const [address, prefix, extra] = text.trim().split("/");
  if (extra !== undefined) return false;
  const max = IPV4.test(address) ? 32 : isIpv6(address) ? 128 : 0;
  if (!max) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= max;
}

/** One address or CIDR a line; blank lines dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
