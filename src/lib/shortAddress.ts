// A wallet address as lists and profiles show it (SPEC §2): its first 6 and last 4 characters.

/** '0x1234...abcd' for a full address; a value of 10 characters or fewer is shown whole, as there is nothing to cut. */
export function shortAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}...${address.slice(-4)}` : address;
}
