import { describe, expect, it } from "vitest";
import { redactUrl, serializeError } from "./logging.ts";

/** What node-postgres raises for a unique violation, wrapped the way Drizzle wraps it. */
function driverError() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "players_email_unique"'), {
    code: "23505",
    constraint: "players_email_unique",
    table: "players",
    detail: "Key (lower(email::text))=(someone@example.com) already exists.",
  });
  return Object.assign(new Error("Failed query: insert into players (email, password_hash) values ($1, $2)\nparams: someone@example.com,$argon2id$v=19$secret"), {
    query: "insert into players (email, password_hash) values ($1, $2)",
    params: ["someone@example.com", "$argon2id$v=19$secret"],
    cause,
  });
}

describe("the log's error serializer", () => {
  it("keeps what finds the failure (statement, SQLSTATE, constraint) and drops the statement's values", () => {
    const serialized = serializeError(driverError());
    const text = JSON.stringify(serialized);
    expect(text).not.toContain("someone@example.com");
    expect(text).not.toContain("argon2id");
    expect(serialized).toMatchObject({
      message: "Failed query: insert into players (email, password_hash) values ($1, $2)\nparams: [redacted]",
      query: "insert into players (email, password_hash) values ($1, $2)",
      cause: { code: "23505", constraint: "players_email_unique", table: "players" },
    });
  });

  it("replaces the value a data exception quotes", () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "someone@example.com"'), { code: "22P02" });
    expect(serializeError(error)).toMatchObject({ message: 'invalid input syntax for type uuid: "[redacted]"' });
    expect(serializeError(new Error('no such thing: "kept"'))).toMatchObject({ message: 'no such thing: "kept"' });
  });
});

describe("the log's URLs", () => {
  it("keep the path and the query's names, not its values", () => {
    expect(redactUrl("/api/player/profile/email/verify/confirm?token=abc&lang")).toBe("/api/player/profile/email/verify/confirm?token=[redacted]&lang");
    expect(redactUrl("/api/health")).toBe("/api/health");
  });
});
