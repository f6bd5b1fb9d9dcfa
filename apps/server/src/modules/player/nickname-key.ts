import unhomoglyph from "unhomoglyph";

// Two nicknames that look the same to a person are one nickname: "player_one", "PLAYER_ONE",
// "ｐｌａｙｅｒ_ｏｎｅ" (fullwidth) and "plаyer_one" (with a Cyrillic "а") must not belong to
// different players, or one could pose as the other in chat, leaderboards and support.
//
// The key is the UTS #39 confusable skeleton (NFD, the Unicode confusables mapping, NFD again;
// the mapping is unhomoglyph's copy of Unicode's confusables.txt) of the NFKC, case-folded
// nickname. `players.nickname_key` holds it under a unique index, so the rule holds under
// concurrency; the nickname itself is stored as the player typed it. A key is never shown: it is
// a hodgepodge of scripts ("m" becomes "rn").

/** Full case folding as far as JavaScript has it: upper-casing first folds "ß" to "ss" and "ς" to "σ". */
function caseFold(text: string): string {
  return text.toUpperCase().toLowerCase();
}

/** The value two look-alike nicknames share; compare and store this, show the nickname. */
export function nicknameKey(nickname: string): string {
  const folded = caseFold(nickname.trim().normalize("NFKC"));
  // The mapping may yield capitals ("ᴀ" -> "A"), so the skeleton is folded once more.
  return caseFold(unhomoglyph(folded.normalize("NFD")).normalize("NFD"));
}
