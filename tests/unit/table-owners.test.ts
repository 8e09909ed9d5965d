import { describe, expect, test } from "bun:test";
import { asWritten, filesUnder, rowsOfMap, tablesOf, usesInCode } from "../../scripts/table-owners";

// The map's "Who owns which table" (docs/architecture.md) is made from the
// code, not remembered: a statement that writes or reads a table from a file
// the map's row does not name fails the check, as a route without a policy
// does (tests/unit/wiring.test.ts). `bun scripts/table-owners.ts` prints what
// the code says, to mend the map by.

const sorted = (set: Iterable<string>) => [...set].sort();

describe("the map's table owners are the code's", () => {
  const tables = tablesOf(filesUnder("migrations", /\.sql$/).sort());
  const code = usesInCode(tables);
  const map = rowsOfMap();

  test("every table the migrations make has one row in the map, and no row names a table that is not made", () => {
    expect(sorted(map.keys())).toEqual(sorted(tables));
  });

  for (const table of tables) {
    test(`${table}: the map names exactly the files whose SQL writes it and reads it`, () => {
      const inCode = code.get(table)!;
      const inMap = map.get(table) ?? { writers: new Set<string>(), readers: new Set<string>() };
      expect({ table, writtenBy: sorted(inMap.writers) }).toEqual({ table, writtenBy: sorted([...inCode.writers].map(asWritten)) });
      expect({ table, readBy: sorted(inMap.readers) }).toEqual({ table, readBy: sorted([...inCode.readers].map(asWritten)) });
    });
  }
});
