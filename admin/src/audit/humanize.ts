/* A name made readable: its own file, so the chain layer's sentences use it without reaching the screen registry. */

/** 'priceTokenCrypto' → 'Price token crypto', 'IpWhitelistEntry' → 'Ip whitelist entry', 'set_value' → 'Set value'. */
export function humanize(name: string): string {
  const words = name
    .replace(/[_-]+/g, " ")
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
