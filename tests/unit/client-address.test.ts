import { describe, expect, test } from "bun:test";
import { allocationKey, clientAddress } from "../../src/http/rate-limit";
import { parseTrustProxy } from "../../src/http/trusted-proxies";

// Which address a per-address limit counts: X-Forwarded-For only from the
// owner's proxy, and of it only what that proxy itself saw.

const withForwardedFor = (value?: string) =>
  new Request("http://shop.test/api/orders/x", { headers: value === undefined ? {} : { "X-Forwarded-For": value } });

const loopbackProxy = parseTrustProxy("true");
const dockerBridge = parseTrustProxy("172.17.0.1");

describe("without TRUST_PROXY", () => {
  test("X-Forwarded-For is ignored: the connecting address counts", () => {
    expect(clientAddress(withForwardedFor("203.0.113.7"), "198.51.100.4", false)).toBe("198.51.100.4");
    expect(clientAddress(withForwardedFor("203.0.113.7"), "127.0.0.1", false)).toBe("127.0.0.1");
  });

  test("with no connecting address (in-process), every request is one address", () => {
    expect(clientAddress(withForwardedFor("203.0.113.7"), undefined, false)).toBe("unknown");
  });

  test("an IPv4-mapped IPv6 socket address counts as the IPv4 address it carries", () => {
    expect(clientAddress(withForwardedFor(), "::ffff:198.51.100.4", false)).toBe("198.51.100.4");
  });
});

describe("TRUST_PROXY=true: a proxy on loopback", () => {
  test("from loopback, the last X-Forwarded-For entry is used, not a forgeable first one", () => {
    expect(clientAddress(withForwardedFor("1.1.1.1, 198.51.100.4 , 203.0.113.7"), "127.0.0.1", loopbackProxy)).toBe("203.0.113.7");
  });

  test("from IPv6 loopback and IPv4-mapped loopback too", () => {
    expect(clientAddress(withForwardedFor("203.0.113.7"), "::1", loopbackProxy)).toBe("203.0.113.7");
    expect(clientAddress(withForwardedFor("203.0.113.7"), "::ffff:127.0.0.1", loopbackProxy)).toBe("203.0.113.7");
  });

  test("a client reaching the port directly from elsewhere cannot choose its address with X-Forwarded-For", () => {
    expect(clientAddress(withForwardedFor("198.51.100.1"), "203.0.113.50", loopbackProxy)).toBe("203.0.113.50");
    expect(clientAddress(withForwardedFor("198.51.100.1"), "::ffff:203.0.113.50", loopbackProxy)).toBe("203.0.113.50");
    expect(clientAddress(withForwardedFor("198.51.100.1"), "2001:db8::5", loopbackProxy)).toBe("2001:db8:0:0::/64");
  });

  test("with no connecting address (in-process) the header is not believed", () => {
    expect(clientAddress(withForwardedFor("203.0.113.7"), undefined, loopbackProxy)).toBe("unknown");
  });

  test("with no X-Forwarded-For, the proxy's own address counts", () => {
    expect(clientAddress(withForwardedFor(), "127.0.0.1", loopbackProxy)).toBe("127.0.0.1");
    expect(clientAddress(withForwardedFor(" , "), "127.0.0.1", loopbackProxy)).toBe("127.0.0.1");
  });

  test("a right-most entry that is not an address is not believed: the proxy's own address counts", () => {
    expect(clientAddress(withForwardedFor("203.0.113.7, not-an-address"), "127.0.0.1", loopbackProxy)).toBe("127.0.0.1");
    expect(clientAddress(withForwardedFor("x".repeat(5000)), "127.0.0.1", loopbackProxy)).toBe("127.0.0.1");
  });

  test("a forwarded IPv4-mapped address counts as the IPv4 address it carries", () => {
    expect(clientAddress(withForwardedFor("::FFFF:203.0.113.7"), "127.0.0.1", loopbackProxy)).toBe("203.0.113.7");
  });
});

describe("TRUST_PROXY as a list of addresses and ranges", () => {
  test("from the named proxy (a Docker bridge), the shopper's forwarded address counts", () => {
    expect(clientAddress(withForwardedFor("203.0.113.7"), "172.17.0.1", dockerBridge)).toBe("203.0.113.7");
  });

  test("loopback is not trusted unless it is listed", () => {
    expect(clientAddress(withForwardedFor("203.0.113.7"), "127.0.0.1", dockerBridge)).toBe("127.0.0.1");
    expect(clientAddress(withForwardedFor("203.0.113.7"), "172.17.0.2", dockerBridge)).toBe("172.17.0.2");
  });

  test("the right-most entry that is not itself a trusted proxy is the shopper, through a chain of proxies", () => {
    const chain = parseTrustProxy("10.0.0.0/8, fd00::/8");
    expect(clientAddress(withForwardedFor("6.6.6.6, 203.0.113.7, 10.1.2.3, fd12::7"), "10.0.0.2", chain)).toBe("203.0.113.7");
  });

  test("when every forwarded entry is a trusted proxy, the left-most of them counts", () => {
    const chain = parseTrustProxy("10.0.0.0/8");
    expect(clientAddress(withForwardedFor("10.9.9.9, 10.1.2.3"), "10.0.0.2", chain)).toBe("10.9.9.9");
  });

  test("IPv6 ranges match by prefix", () => {
    const range = parseTrustProxy("2001:db8:1::/48");
    expect(clientAddress(withForwardedFor("203.0.113.7"), "2001:db8:1:ffff::1", range)).toBe("203.0.113.7");
    expect(clientAddress(withForwardedFor("203.0.113.7"), "2001:db8:2::1", range)).toBe("2001:db8:2:0::/64");
  });
});

describe("IPv6 addresses count by their /64", () => {
  test("addresses from one /64 share one limit, however their last groups differ", () => {
    const keys = ["2001:db8:5:6::1", "2001:db8:5:6:ffff:1:2:3", "2001:0db8:0005:0006::beef"].map((address) =>
      clientAddress(withForwardedFor(), address, false),
    );
    expect(new Set(keys)).toEqual(new Set(["2001:db8:5:6::/64"]));
  });

  test("a neighbouring /64 is counted apart", () => {
    expect(clientAddress(withForwardedFor(), "2001:db8:5:7::1", false)).toBe("2001:db8:5:7::/64");
  });

  test("a forwarded IPv6 shopper counts by /64 too; IPv4 stays a single address", () => {
    expect(clientAddress(withForwardedFor("2a00:1450:4009:81f::200e"), "127.0.0.1", loopbackProxy)).toBe("2a00:1450:4009:81f::/64");
    expect(clientAddress(withForwardedFor("203.0.113.7"), "127.0.0.1", loopbackProxy)).toBe("203.0.113.7");
  });
});

describe("where guessing must stay slow, an IPv6 allocation (/48) counts as one", () => {
  test("every /64 of one /48 has the same allocation key; IPv4 and the in-process 'unknown' are themselves", () => {
    const keys = ["2001:db8:5:6::1", "2001:db8:5:ffff::2", "2001:db8:5::9"].map((socket) =>
      allocationKey(clientAddress(withForwardedFor(), socket, false)),
    );
    expect(new Set(keys)).toEqual(new Set(["2001:db8:5::/48"]));
    expect(allocationKey(clientAddress(withForwardedFor(), "2001:db8:6::1", false))).toBe("2001:db8:6::/48");
    expect(allocationKey("203.0.113.7")).toBe("203.0.113.7");
    expect(allocationKey("unknown")).toBe("unknown");
  });
});
