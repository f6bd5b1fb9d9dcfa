import { describe, expect, it } from "vitest";
import { rowsOf } from "./sql-rows.ts";

describe("rows of a raw SQL result", () => {
  it("returns the rows both drivers answer with", () => {
    const rows = rowsOf<{ total: string }>({ rows: [{ total: "12.50" }], fields: [] });
    expect(rows).toEqual([{ total: "12.50" }]);
  });

  it("refuses a result without rows instead of answering an empty list", () => {
    expect(() => rowsOf({ rowCount: 0 })).toThrow("A raw SQL statement answered without rows.");
    expect(() => rowsOf(undefined)).toThrow(TypeError);
  });
});
