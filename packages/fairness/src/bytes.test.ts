import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FloatStream, block, floats, hmacSha256Hex, seedHash } from "./bytes.ts";

// The published known answers (F4): server seed "def", client seed "abc".
const ROUND_0 = [
  0.8320531346835196, 0.8531235849950463, 0.18227359023876488, 0.774284637067467, 0.18627392360940576, 0.6012540922965854,
  0.608081541955471, 0.46018488449044526,
];
const ROUND_1_START = [0.9694579634815454, 0.5364481415599585];
const NONCE_1_START = [0.43053962965495884, 0.6645898742135614];

/** The same conversion written against Node's own HMAC, so the known answers are checked twice. */
function independentFloats(serverSeed: string, message: string): number[] {
  const bytes = createHmac("sha256", serverSeed).update(message).digest();
  return Array.from({ length: 8 }, (_, index) => bytes.readUInt32BE(index * 4) / 2 ** 32);
}

describe("the byte stream (F2) and its known answers (F4)", () => {
  it("gives the published floats for nonce 0, rounds 0 and 1", () => {
    expect(floats("def", "abc", 0, 10)).toEqual([...ROUND_0, ...ROUND_1_START]);
  });

  it("gives the published floats for nonce 1", () => {
    expect(floats("def", "abc", 1, 2)).toEqual(NONCE_1_START);
  });

  it("agrees with an independent HMAC implementation on the known answers", () => {
    expect(independentFloats("def", "abc:0:0")).toEqual(ROUND_0);
    expect(independentFloats("def", "abc:0:1").slice(0, 2)).toEqual(ROUND_1_START);
    expect(independentFloats("def", "abc:1:0").slice(0, 2)).toEqual(NONCE_1_START);
    expect(hmacSha256Hex("def", "abc:0:0")).toBe(createHmac("sha256", "def").update("abc:0:0").digest("hex"));
  });

  it("starts at the block the cursor names", () => {
    expect(floats("def", "abc", 0, 2, 1)).toEqual(ROUND_1_START);
  });

  it("computes a block only when the previous one is used up, and counts the floats used", () => {
    const stream = new FloatStream({ serverSeed: "def", clientSeed: "abc", nonce: 0 });
    const read = Array.from({ length: 9 }, () => stream.next());
    expect(read).toEqual([...ROUND_0, ROUND_1_START[0]]);
    expect(stream.used).toBe(9);
  });

  it("changes every block when the server seed, client seed or nonce changes", () => {
    const base = block({ serverSeed: "def", clientSeed: "abc", nonce: 0 }, 0);
    for (const other of [
      block({ serverSeed: "deg", clientSeed: "abc", nonce: 0 }, 0),
      block({ serverSeed: "def", clientSeed: "abd", nonce: 0 }, 0),
      block({ serverSeed: "def", clientSeed: "abc", nonce: 1 }, 0),
    ]) {
      expect(Buffer.from(other).equals(Buffer.from(base))).toBe(false);
    }
  });

  it("refuses a nonce, cursor or count that is not a non-negative integer", () => {
    expect(() => floats("def", "abc", -1, 1)).toThrow(RangeError);
    expect(() => floats("def", "abc", 0.5, 1)).toThrow(RangeError);
    expect(() => floats("def", "abc", 0, 1, -1)).toThrow(RangeError);
    expect(() => floats("def", "abc", 0, Number.NaN)).toThrow(RangeError);
  });
});

describe("the server seed commitment (F1)", () => {
  it("is the SHA-256 of the seed's text, in hex", () => {
    const serverSeed = "4d9b0e7d3a0f6c1f8a2e5b7c9d1e3f50617283940a1b2c3d4e5f60718293a4b5";
    expect(seedHash(serverSeed)).toBe(createHash("sha256").update(serverSeed).digest("hex"));
    expect(seedHash("def")).toBe("cb8379ac2098aa165029e3938a51da0bcecfc008fd6795f401178647f96c5b34");
  });
});
