import { describe, expect, test } from "bun:test";
import { KNOWN_CARRIERS, trackingUrl } from "../../shared/carrier-tracking";

// A tracking number links to its carrier's tracking page where the carrier is known
// (docs/decisions/0022-phone-shopping-and-finding-an-order.md). The admin's form stores the carrier as
// the owner typed it, so each is tried as an owner would type it.

describe("a known carrier's tracking number links to that carrier's tracking page", () => {
  const cases: [carrier: string, number: string, url: string][] = [
    ["Royal Mail", "RM123456789GB", "https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB"],
    ["DPD", "15501234567890", "https://www.dpd.co.uk/apps/tracking/?reference=15501234567890"],
    ["Evri", "H01ABC0012345678", "https://www.evri.com/track/parcel/H01ABC0012345678"],
    ["Parcelforce", "PB1234567890", "https://www.parcelforce.com/track-trace?trackNumber=PB1234567890"],
    ["UPS", "1Z999AA10123456784", "https://www.ups.com/track?loc=en_GB&tracknum=1Z999AA10123456784"],
    ["DHL", "1234567890", "https://www.dhl.com/gb-en/home/tracking.html?tracking-id=1234567890&submit=1"],
  ];
  for (const [carrier, number, url] of cases) {
    test(`${carrier}: ${number} → its tracking page`, () => {
      expect(trackingUrl({ carrier, number })).toBe(url);
    });
  }

  test("the six carriers are the ones the admin's carrier field suggests", () => {
    expect(KNOWN_CARRIERS).toEqual(cases.map(([carrier]) => carrier));
  });
});

describe("the carrier as the owner typed it", () => {
  test("case, spaces and a longer name are all the same carrier (royal mail, RoyalMail, Parcelforce Worldwide, DPD Local)", () => {
    expect(trackingUrl({ carrier: "royal mail", number: "RM1GB" })).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM1GB",
    );
    expect(trackingUrl({ carrier: " RoyalMail ", number: "RM1GB" })).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM1GB",
    );
    expect(trackingUrl({ carrier: "Parcelforce Worldwide", number: "PB1" })).toBe(
      "https://www.parcelforce.com/track-trace?trackNumber=PB1",
    );
    expect(trackingUrl({ carrier: "DPD Local", number: "155" })).toBe("https://www.dpd.co.uk/apps/tracking/?reference=155");
  });

  test("Hermes, Evri's old name, is Evri", () => {
    expect(trackingUrl({ carrier: "Hermes", number: "H01" })).toBe("https://www.evri.com/track/parcel/H01");
  });

  test("spaces inside the number are dropped and anything else is escaped, so the number cannot change the link's address", () => {
    expect(trackingUrl({ carrier: "Royal Mail", number: "RM 1234 5678 GB" })).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM12345678GB",
    );
    expect(trackingUrl({ carrier: "UPS", number: "1Z&x=/../evil" })).toBe(
      "https://www.ups.com/track?loc=en_GB&tracknum=1Z%26x%3D%2F..%2Fevil",
    );
  });
});

describe("no link to guess", () => {
  test("an unknown carrier gives no link: the number stays plain text", () => {
    expect(trackingUrl({ carrier: "Bob's Couriers", number: "B-1" })).toBeNull();
    expect(trackingUrl({ carrier: "Yodel", number: "JD0002" })).toBeNull();
  });

  test("no carrier or no number gives no link", () => {
    expect(trackingUrl({ carrier: null, number: "RM1GB" })).toBeNull();
    expect(trackingUrl({ carrier: "Royal Mail", number: null })).toBeNull();
    expect(trackingUrl({ carrier: "Royal Mail", number: "   " })).toBeNull();
  });
});

describe("the owner's own link", () => {
  test("a link the owner saved wins over the carrier's page", () => {
    expect(trackingUrl({ carrier: "Royal Mail", number: "RM1GB", url: "https://track.example/RM1GB" })).toBe("https://track.example/RM1GB");
  });

  test("an unknown carrier with the owner's link uses that link", () => {
    expect(trackingUrl({ carrier: "Bob's Couriers", number: "B-1", url: "https://bob.example/B-1" })).toBe("https://bob.example/B-1");
  });

  test("a saved link that is not http(s) is never used; a known carrier's page is used instead", () => {
    expect(trackingUrl({ carrier: "Royal Mail", number: "RM1GB", url: "javascript:alert(1)" })).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM1GB",
    );
    expect(trackingUrl({ carrier: "Yodel", number: "JD0002", url: "javascript:alert(1)" })).toBeNull();
  });
});
