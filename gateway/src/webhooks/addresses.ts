import { lookup as dnsLookup, type LookupAddress } from "dns";
import { BlockList, isIP, type LookupFunction } from "net";

/**
 * Where a webhook may not be sent (SSRF): the addresses of this host, of its
 * private networks and of cloud metadata services. Private (RFC 1918, unique
 * local), loopback, link-local (169.254.169.254, the metadata address, is one),
 * carrier-grade NAT (Alibaba's metadata is there), unspecified, multicast and
 * reserved ranges, the deprecated site-local fec0::/10, and every IPv6 form
 * that embeds an IPv4 address, which a host or a gateway may turn into that
 * IPv4 address: IPv4-compatible (::a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48),
 * 6to4 (2002::/16) and Teredo (2001::/32). Those are refused whole, whatever
 * IPv4 address they carry: none is a webhook receiver's public address. An
 * IPv4-mapped address (::ffff:a.b.c.d) BlockList checks against the IPv4 rules.
 */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  REFUSED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  // Unspecified (::), loopback (::1) and IPv4-compatible (::a.b.c.d).
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2001::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  REFUSED.addSubnet(network, prefix, "ipv6");

/** Whether an address is one a webhook may not reach. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return true;
  return REFUSED.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class RefusedAddressError extends Error {}

type Resolve = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;
const resolveAll: Resolve = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/**
 * A `lookup` for http.request: resolves every address of the name, refuses
 * them all when any is refused, and hands the socket the checked ones, so the
 * address connected to is the one checked (no window for DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, found) => {
      if (error) return callback(error, "", 0);
      const family = typeof options === "object" && options.family ? Number(options.family) : 0;
      const addresses = found.filter((entry) => !family || entry.family === family);
      const refused = addresses.find((entry) => isRefusedAddress(entry.address));
      if (!addresses.length) return callback(new Error(`${hostname} has no address`), "", 0);
      if (refused && !allowPrivate)
        return callback(new RefusedAddressError(`${hostname} resolves to ${refused.address}, a private or reserved address`), "", 0);
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if (typeof options === "object" && options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** An IP address written as the URL's host (`[::1]` without its brackets), else undefined. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(bare) ? bare : undefined;
}

/**
 * Why a webhook URL is refused when it is saved, or undefined: an http(s) URL
 * without credentials, https unless plain http is allowed, and not a literal
 * refused address (names are checked when sent, with what they resolve to then).
 */
export function urlProblem(raw: string, rules: { allowHttp: boolean; allowPrivate: boolean }): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, such as https://example.com/webhooks";
  }
  if (url.protocol === "http:" && !rules.allowHttp) return "The URL must start with https:// (plain http:// is not allowed)";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https://";
  if (url.username || url.password) return "The URL may not hold a user name or password";
  const literal = literalAddress(url.hostname);
  if (literal && isRefusedAddress(literal) && !rules.allowPrivate)
    return `The URL's address ${literal} is private or reserved: webhooks may only call public addresses`;
  return undefined;
}
