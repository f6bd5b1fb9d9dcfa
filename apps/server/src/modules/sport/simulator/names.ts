import type { Random } from "./random.ts";

/**
 * Generated names and crests: syllables per family give clubs and players that sound plausible
 * and belong to no real club or person. A crest is a shape index and two colours the widget draws.
 */

export type NameFamily = "latin" | "nordic" | "slavic" | "eastern" | "anglo" | "gamer";

const SYLLABLES: Record<NameFamily, { starts: string[]; middles: string[]; ends: string[] }> = {
  latin: { starts: ["Val", "Mar", "Cor", "San", "Ric", "Bel", "Tor", "Ler", "Alv", "Fen"], middles: ["e", "a", "i", "o", "ar", "en"], ends: ["ona", "eto", "ino", "ara", "ello", "iza", "ano", "ira"] },
  nordic: { starts: ["Bjor", "Hal", "Sten", "Kar", "Ulv", "Tor", "Fjel", "Sig", "Ask", "Rag"], middles: ["", "e", "a", "ve"], ends: ["heim", "vik", "stad", "borg", "dal", "by", "nes", "lund"] },
  slavic: { starts: ["Dra", "Vol", "Mir", "Zor", "Bra", "Kos", "Lub", "Rad", "Sve", "Gor"], middles: ["o", "a", "e", "i"], ends: ["grad", "slav", "vica", "nik", "kov", "nov", "dar", "mir"] },
  eastern: { starts: ["Ka", "Hi", "Ta", "Su", "Mi", "Ry", "Ko", "Sa", "Yu", "Ai"], middles: ["ra", "ki", "no", "shi", "ma", "to"], ends: ["da", "ma", "wa", "ka", "ri", "no", "ko", "ta"] },
  anglo: { starts: ["Ash", "Brad", "Carl", "Dun", "Elm", "Fair", "Glen", "Hart", "Kings", "Lang"], middles: ["", "er", "ing", "ley"], ends: ["ford", "ton", "field", "wood", "bury", "mouth", "dale", "gate"] },
  gamer: { starts: ["Nova", "Hex", "Volt", "Zen", "Apex", "Onyx", "Pulse", "Rift", "Flux", "Echo"], middles: ["", ""], ends: [" Unit", " Core", " Squad", " Five", " Gaming", " Esports", " Club", " Crew"] },
};

const CLUB_PREFIXES = ["FC", "SC", "AC", "Real", "Dynamo", "Sporting", "Athletic", "United", "City", "Olympic"];
const CLUB_SUFFIXES = ["United", "City", "Rovers", "Wanderers", "Stars", "Town", "Athletic", "Rangers"];
const FIRST_INITIALS = "ABCDEFGHIJKLMNOPRSTVZ";

function word(random: Random, family: NameFamily): string {
  const parts = SYLLABLES[family];
  return `${random.pick(parts.starts)}${random.pick(parts.middles)}${random.pick(parts.ends)}`;
}

/** A place-like stem, also used for championship and race names. */
export function placeName(random: Random, family: NameFamily): string {
  return word(random, family === "gamer" ? "anglo" : family);
}

export function teamName(random: Random, family: NameFamily): string {
  if (family === "gamer") return word(random, family);
  const stem = word(random, family);
  const style = random.int(0, 2);
  if (style === 0) return `${random.pick(CLUB_PREFIXES)} ${stem}`;
  if (style === 1) return `${stem} ${random.pick(CLUB_SUFFIXES)}`;
  return stem;
}

/** A player or rider: initial and surname, such as "K. Valetto". */
export function personName(random: Random, family: NameFamily): string {
  const initial = FIRST_INITIALS[random.int(0, FIRST_INITIALS.length - 1)]!;
  return `${initial}. ${word(random, family === "gamer" ? "latin" : family)}`;
}

/** Up to four capitals from the name's words: "FC Valetto" -> "FCV", "K. Valetto" -> "VAL". */
export function shortNameOf(name: string): string {
  const words = name.split(/\s+/).filter((part) => /^[A-Za-z]/.test(part) && !part.endsWith("."));
  if (words.length === 1) return words[0]!.slice(0, 3).toUpperCase();
  return words
    .map((part) => part[0]!.toUpperCase())
    .join("")
    .slice(0, 4);
}

const CREST_SHAPES = 8;

function colour(random: Random): string {
  return `#${random.int(0, 0xffffff).toString(16).padStart(6, "0")}`;
}

export function crestOf(random: Random): { shape: number; primary: string; secondary: string } {
  return { shape: random.int(0, CREST_SHAPES - 1), primary: colour(random), secondary: colour(random) };
}
