import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedTextOf, rowsOf } from "./sql-rows.ts";

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

describe("fixed text of a statement built with Drizzle", () => {
  it("writes placeholders where the inputs go and the values of constants into the text", () => {
    const byPlayer = (playerId: ReturnType<typeof sql.raw>) => sql`select id from players where id = ${playerId} and status in (${sql.raw("1, 2")})`;
    expect(fixedTextOf(byPlayer(sql.raw("$3")))).toBe("select id from players where id = $3 and status in (1, 2)");
  });

  it("refuses a statement that still carries a value, which would be fixed into the named text", () => {
    expect(() => fixedTextOf(sql`select id from players where id = ${"a-player"}`)).toThrow("A fixed text was built with 1 parameter value(s) instead of placeholders.");
  });
});
