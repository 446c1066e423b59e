/**
 * '0x1234...abcd': the head and tail of a hash or address (the whole value in the tooltip and the exports). Apart
 * from the chain screens' cells, so that the History and the conflict panel show it without the chain layer.
 */
export const shorten = (value: string | null | undefined, head = 10, tail = 8) =>
  !value ? "" : value.length <= head + tail + 3 ? value : `${value.slice(0, head)}...${value.slice(-tail)}`;
