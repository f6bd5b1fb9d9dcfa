import { describe, expect, it } from "vitest";
import { nicknameKey } from "./nickname-key.ts";

describe("nicknameKey: look-alike nicknames share one key", () => {
  it("folds case, NFKC forms (fullwidth letters) and confusable letters of other scripts together", () => {
    const key = nicknameKey("player_one");
    for (const lookAlike of ["PLAYER_ONE", "Player_One", "ｐｌａｙｅｒ_ｏｎｅ", "plаyer_one" /* Cyrillic а */, "PLAYЕR_ONE" /* Cyrillic Е */, "plαyer_one" /* Greek α */, "player_0ne"]) {
      expect(nicknameKey(lookAlike), lookAlike).toBe(key);
    }
    expect(nicknameKey("Straße")).toBe(nicknameKey("STRASSE"));
    expect(nicknameKey("𝔭𝒶ỿ𝕡𝕒ℓ")).toBe(nicknameKey("paypal"));
  });

  it("keeps nicknames that look different apart", () => {
    const pairs: [string, string][] = [
      ["player_one", "player_two"],
      ["player-one", "player_one"],
      ["Zoë", "Zoe"],
      ["Иван", "Ivan"],
    ];
    for (const [a, b] of pairs) {
      expect(nicknameKey(a), `${a} / ${b}`).not.toBe(nicknameKey(b));
    }
  });
});
