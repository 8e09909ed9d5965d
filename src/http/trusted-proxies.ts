import { BlockList, isIP } from "node:net";

/**
 * The reverse proxies whose X-Forwarded-For the shop believes, named by the
 * socket address they connect from (TRUST_PROXY). Anyone else who reaches the
 * port could write whatever address they like into that header.
 */
export type TrustedProxies = {
  /** What is trusted, for the boot log and error messages. */
  readonly description: string;
  includes(address: string): boolean;
};

/** `TRUST_PROXY=true`: the proxy runs on the same machine (Caddy or nginx on loopback). */
const LOOPBACK_RANGES = ["127.0.0.0/8", "::1"];

export const TRUST_PROXY_PROBLEM =
  "must be false, true (a proxy on this machine's loopback) or a comma-separated list of the proxy's addresses or ranges, such as 172.17.0.1 or 10.0.0.0/8";

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * An address as the shop counts it, or null when the text is not an IP
 * address. An IPv4-mapped IPv6 address (::ffff:203.0.113.7, what a dual-stack
 * socket reports) is the IPv4 address it carries, so both forms share a limit.
 */
export function canonicalAddress(text: string): string | null {
  const address = text.trim().toLowerCase();
  if (isIP(address) === 0) return null;
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}

/**
 * Reads the list of TRUST_PROXY entries ("172.17.0.1", "10.0.0.0/8", "fd00::/8").
 * Throws an Error saying which entry is wrong. A range that covers every
 * address (/0) is refused: it would believe anyone's header, the very hole
 * this setting exists to close.
 */
function trustedProxies(entries: string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [addressText = "", prefixText, ...rest] = entry.split("/");
    const address = canonicalAddress(addressText);
    const family = address && isIP(address) === 4 ? "ipv4" : "ipv6";
    if (!address || rest.length > 0) throw new Error(`"${entry}" is not an address or range`);
    if (prefixText === undefined) {
      list.addAddress(address, family);
      continue;
    }
    const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!(prefix <= (family === "ipv4" ? 32 : 128))) throw new Error(`"${entry}" is not an address or range`);
    if (prefix === 0) throw new Error(`"${entry}" would trust every address, so anyone could choose their own`);
    list.addSubnet(address, prefix, family);
  }
  return {
    description: entries.join(", "),
    includes(text) {
      const address = canonicalAddress(text);
      return address !== null && list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
    },
  };
}

/**
 * TRUST_PROXY as written in the environment: unset or false (no proxy: the
 * socket's address counts), true (a proxy on loopback), or a list of
 * addresses and ranges separated by commas or spaces.
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies | false {
  const text = (value ?? "").trim();
  const word = text.toLowerCase();
  if (word === "" || word === "false" || word === "0" || word === "no") return false;
  if (word === "true" || word === "1" || word === "yes") return trustedProxies(LOOPBACK_RANGES);
  return trustedProxies(text.split(/[\s,]+/).filter(Boolean));
}
