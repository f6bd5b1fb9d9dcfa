import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildChain, crashPoint, previousRoundHash, verifyChainPosition } from "./crash.ts";
import { multiplierPoint } from "./limbo.ts";

const SALT = "0000000000000000000301e2801a9a9598bfb114e574a91a887f2132f33047e6";
const SEED = "b9f3a4c0e1d2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8";

describe("crash: a committed hash chain and a public salt", () => {
  it("chains each round's hash to the next round's: hash(round n + 1) is round n", () => {
    const chain = buildChain(SEED, 6);
    expect(chain.at(-1)).toBe(SEED);
    for (let index = 0; index + 1 < chain.length; index += 1) {
      expect(chain[index]).toBe(createHash("sha256").update(chain[index + 1] as string).digest("hex"));
      expect(previousRoundHash(chain[index + 1] as string)).toBe(chain[index]);
    }
  });

  it("proves a round's place after the published terminating hash, and refuses a hash off the chain", () => {
    const chain = buildChain(SEED, 6);
    const terminatingHash = previousRoundHash(chain[0] as string);
    chain.forEach((roundHash, index) => expect(verifyChainPosition(roundHash, terminatingHash, 10)).toBe(index + 1));
    expect(verifyChainPosition(SEED.replace("b9", "b8"), terminatingHash, 10)).toBeNull();
    expect(verifyChainPosition(chain[5] as string, terminatingHash, 5)).toBeNull();
  });

  it("crashes at the limbo conversion of HMAC(round hash, salt:0:0)'s first float", () => {
    const roundHash = buildChain(SEED, 1)[0] as string;
    const bytes = createHmac("sha256", roundHash).update(`${SALT}:0:0`).digest();
    expect(crashPoint(roundHash, SALT)).toBe(multiplierPoint(bytes.readUInt32BE(0) / 2 ** 32));
    expect(crashPoint(roundHash, SALT)).toBeGreaterThanOrEqual(100);
    expect(crashPoint(roundHash, `${SALT}0`)).not.toBe(crashPoint(roundHash, SALT));
  });
});
