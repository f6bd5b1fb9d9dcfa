import { describe, expect, it } from "vitest";
import { isRetryableTransactionError, isUniqueViolation, sqlStateOf, violatedUniqueIndex } from "./sql-errors.ts";

/** How Drizzle hands a driver error on: a query error whose cause is the driver's. */
function wrapped(driverError: object): Error {
  return new Error("Failed query: insert into players ...", { cause: driverError });
}

describe("the SQL error code inside an error", () => {
  it("finds the SQLSTATE however deeply the driver error is wrapped", () => {
    expect(sqlStateOf({ code: "23505" })).toBe("23505");
    expect(sqlStateOf(wrapped({ code: "40P01" }))).toBe("40P01");
    expect(sqlStateOf(new Error("outer", { cause: wrapped({ code: "23514" }) }))).toBe("23514");
  });

  it("ignores Node's own error codes and errors without a code", () => {
    expect(sqlStateOf(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(sqlStateOf(new Error("plain"))).toBeUndefined();
    expect(sqlStateOf(null)).toBeUndefined();
    expect(sqlStateOf("23505")).toBeUndefined();
  });

  it("tells a unique violation from other refusals", () => {
    expect(isUniqueViolation(wrapped({ code: "23505" }))).toBe(true);
    expect(isUniqueViolation(wrapped({ code: "23514" }))).toBe(false);
    expect(isUniqueViolation(new Error("plain"))).toBe(false);
  });

  it("names the violated unique index from the driver's field or, failing that, its message", () => {
    expect(violatedUniqueIndex(wrapped({ code: "23505", constraint: "players_email_unique" }))).toBe("players_email_unique");
    expect(violatedUniqueIndex(wrapped({ code: "23505", message: 'duplicate key value violates unique constraint "players_phone_unique"' }))).toBe(
      "players_phone_unique",
    );
    expect(violatedUniqueIndex(wrapped({ code: "23505" }))).toBe("unknown");
    expect(violatedUniqueIndex(wrapped({ code: "23503", constraint: "players_fk" }))).toBeUndefined();
  });

  it("treats serialization failures and deadlocks, and only those, as worth running again", () => {
    expect(isRetryableTransactionError(wrapped({ code: "40001" }))).toBe(true);
    expect(isRetryableTransactionError(wrapped({ code: "40P01" }))).toBe(true);
    expect(isRetryableTransactionError(wrapped({ code: "23505" }))).toBe(false);
    expect(isRetryableTransactionError(new Error("timeout"))).toBe(false);
  });
});
