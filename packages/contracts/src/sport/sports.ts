/**
 * The sport catalogue (spec 3 "Sport catalogue"): a fixed list of about 150 sports with the spec's
 * ids for the named ones (66 Soccer ... 165 Horse Racing, 145 E-sports+) and invented ids for the
 * rest, chosen not to collide. Names are proper nouns in English; the widget translates the most
 * played ones through its own catalogues. `kind` says how the in-house feed simulates and prices a
 * sport; `tier` how busy its calendar is (1 the busiest). Promo pseudo-sports carry no events of
 * their own: they group boosted selections of real ones.
 */

export const SPORT_KINDS = ["team-goals", "team-points", "sets", "maps", "fight", "race", "outright", "promo"] as const;
export type SportKind = (typeof SPORT_KINDS)[number];

export type Sport = {
  id: number;
  name: string;
  /** Stable, lower-case, hyphenated: the sport's segment of a /sport path. */
  code: string;
  kind: SportKind;
  tier: 1 | 2 | 3;
  promo: boolean;
  /** Optional artwork (spec 3): widget background, card background, card image. */
  widgetBackground?: string;
  cardBackground?: string;
  cardImage?: string;
};

/** The spec's e-sports categories: these ids are fixed; every other category id is the feed's. */
export const ESPORTS_CATEGORIES = [
  { id: 1534, name: "Counter-Strike" },
  { id: 1533, name: "Dota2" },
  { id: 1330, name: "Valorant" },
  { id: 1307, name: "Hearthstone" },
] as const;

export const SOCCER_SPORT_ID = 66;
export const ESPORTS_SPORT_ID = 145;

type Row = [id: number, name: string, kind: SportKind, tier?: 1 | 2 | 3];

// The spec's ids first, then other sports numbered from 200 (clear of the spec's 66-165 and of
// the e-sports category ids), then the promo pseudo-sports from 900.
const ROWS: Row[] = [
  [66, "Soccer", "team-goals", 1],
  [67, "Basketball", "team-points", 1],
  [68, "Tennis", "sets", 1],
  [69, "Volleyball", "sets", 1],
  [70, "Ice Hockey", "team-goals", 1],
  [71, "Boxing", "fight", 2],
  [84, "MMA", "fight", 2],
  [145, "E-sports+", "maps", 1],
  [165, "Horse Racing", "race", 2],
  [200, "American Football", "team-points", 2],
  [201, "Baseball", "team-points", 2],
  [202, "Handball", "team-points", 2],
  [203, "Table Tennis", "sets", 2],
  [204, "Rugby Union", "team-points", 2],
  [205, "Rugby League", "team-points", 2],
  [206, "Cricket", "team-points", 2],
  [207, "Futsal", "team-goals", 2],
  [208, "Badminton", "sets", 2],
  [209, "Darts", "sets", 2],
  [210, "Snooker", "sets", 2],
  [211, "Formula 1", "race", 2],
  [212, "Golf", "outright", 2],
  [213, "Beach Volleyball", "sets", 2],
  [214, "Aussie Rules", "team-points", 2],
  [215, "Water Polo", "team-goals", 2],
  [216, "Field Hockey", "team-goals", 2],
  [217, "Cycling", "race", 2],
  [218, "Motorsport", "race", 2],
  [219, "Greyhound Racing", "race", 2],
  [220, "Bandy", "team-goals"],
  [221, "Floorball", "team-goals"],
  [222, "Beach Soccer", "team-goals"],
  [223, "Gaelic Football", "team-points"],
  [224, "Hurling", "team-points"],
  [225, "Lacrosse", "team-goals"],
  [226, "Netball", "team-points"],
  [227, "Squash", "sets"],
  [228, "Padel", "sets"],
  [229, "Pickleball", "sets"],
  [230, "Sepak Takraw", "sets"],
  [231, "Kabaddi", "team-points"],
  [232, "Softball", "team-points"],
  [233, "Curling", "team-points"],
  [234, "Polo", "team-goals"],
  [235, "Kickboxing", "fight"],
  [236, "Muay Thai", "fight"],
  [237, "Wrestling", "fight"],
  [238, "Judo", "fight"],
  [239, "Karate", "fight"],
  [240, "Taekwondo", "fight"],
  [241, "Fencing", "fight"],
  [242, "Sumo", "fight"],
  [243, "Bare Knuckle Boxing", "fight"],
  [244, "Alpine Skiing", "race"],
  [245, "Ski Jumping", "race"],
  [246, "Cross-Country Skiing", "race"],
  [247, "Biathlon", "race"],
  [248, "Nordic Combined", "race"],
  [249, "Snowboarding", "race"],
  [250, "Freestyle Skiing", "race"],
  [251, "Speed Skating", "race"],
  [252, "Short Track", "race"],
  [253, "Figure Skating", "outright"],
  [254, "Bobsleigh", "race"],
  [255, "Luge", "race"],
  [256, "Skeleton", "race"],
  [257, "Athletics", "race"],
  [258, "Swimming", "race"],
  [259, "Diving", "outright"],
  [260, "Rowing", "race"],
  [261, "Canoeing", "race"],
  [262, "Sailing", "race"],
  [263, "Triathlon", "race"],
  [264, "Modern Pentathlon", "outright"],
  [265, "Gymnastics", "outright"],
  [266, "Weightlifting", "outright"],
  [267, "Archery", "sets"],
  [268, "Shooting", "outright"],
  [269, "Equestrian", "outright"],
  [270, "Trotting", "race"],
  [271, "Harness Racing", "race"],
  [272, "MotoGP", "race"],
  [273, "IndyCar", "race"],
  [274, "NASCAR", "race"],
  [275, "Rally", "race"],
  [276, "Touring Cars", "race"],
  [277, "Superbike", "race"],
  [278, "Motocross", "race"],
  [279, "Speedway", "race"],
  [280, "Formula E", "race"],
  [281, "Endurance Racing", "race"],
  [282, "Powerboating", "race"],
  [283, "Air Racing", "race"],
  [284, "Chess", "sets"],
  [285, "Bowls", "sets"],
  [286, "Pool", "sets"],
  [287, "Bowling", "outright"],
  [288, "Surfing", "outright"],
  [289, "Skateboarding", "outright"],
  [290, "Climbing", "outright"],
  [291, "BMX", "race"],
  [292, "Mountain Bike", "race"],
  [293, "Track Cycling", "race"],
  [294, "Marathon", "race"],
  [295, "Trail Running", "race"],
  [296, "Canoe Slalom", "race"],
  [297, "Open Water Swimming", "race"],
  [298, "Kitesurfing", "race"],
  [299, "Windsurfing", "race"],
  [300, "Roller Hockey", "team-goals"],
  [301, "Ringette", "team-goals"],
  [302, "Underwater Hockey", "team-goals"],
  [303, "Korfball", "team-points"],
  [304, "Basque Pelota", "sets"],
  [305, "Jai Alai", "sets"],
  [306, "Teqball", "sets"],
  [307, "Footvolley", "sets"],
  [308, "Sitting Volleyball", "sets"],
  [309, "Wheelchair Basketball", "team-points"],
  [310, "Wheelchair Tennis", "sets"],
  [311, "3x3 Basketball", "team-points"],
  [312, "Beach Handball", "team-points"],
  [313, "Arena Football", "team-points"],
  [314, "Canadian Football", "team-points"],
  [315, "Rugby Sevens", "team-points"],
  [316, "Touch Rugby", "team-points"],
  [317, "Shinty", "team-goals"],
  [318, "Camogie", "team-points"],
  [319, "Ultimate", "team-points"],
  [320, "Dodgeball", "sets"],
  [321, "Quidditch", "team-points"],
  [322, "Cornhole", "sets"],
  [323, "Horseball", "team-goals"],
  [324, "Bull Riding", "outright"],
  [325, "Rodeo", "outright"],
  [326, "Lumberjack", "outright"],
  [327, "Strongman", "outright"],
  [328, "Arm Wrestling", "fight"],
  [329, "Slap Fighting", "fight"],
  [330, "Boat Racing", "race"],
  [331, "Dog Sledding", "race"],
  [332, "Camel Racing", "race"],
  [333, "Pigeon Racing", "race"],
  [334, "Virtual Soccer", "team-goals"],
  [335, "Virtual Basketball", "team-points"],
  [336, "Virtual Tennis", "sets"],
  [337, "Virtual Horse Racing", "race"],
  [338, "Politics", "outright"],
  [339, "Entertainment", "outright"],
  [340, "Specials Outrights", "outright"],
  [900, "Boosted Odds", "promo"],
  [901, "Price Boosts", "promo"],
  [902, "Flying Odds", "promo"],
  [903, "Golden Odds", "promo"],
  [904, "Specials", "promo"],
];

/** Lower-case, brackets, commas and dots dropped, spaces become hyphens (the spec 2.3 slug rule). */
function codeOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[()[\],.+]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

export const SPORTS: readonly Sport[] = ROWS.map(([id, name, kind, tier]) => ({ id, name, code: codeOf(name), kind, tier: tier ?? 3, promo: kind === "promo" }));

const SPORTS_BY_ID = new Map(SPORTS.map((sport) => [sport.id, sport]));

export function sportById(id: number): Sport | undefined {
  return SPORTS_BY_ID.get(id);
}

/** The sports that carry events of their own (every one but the promo pseudo-sports). */
export const EVENT_SPORTS: readonly Sport[] = SPORTS.filter((sport) => !sport.promo);

/**
 * Market types the feed offers, with the outcome ids each carries (outrights: competitor ids).
 * `key` is the widget's translation key; specifiers name the line or period (`total=2.5`,
 * `hcp=-0.25` the home side's handicap, `period=2` the set, map or round).
 */
export const MARKET_TYPES = {
  matchResult: { id: 1, key: "matchResult", outcomes: ["1", "X", "2"] },
  moneyline: { id: 2, key: "moneyline", outcomes: ["1", "2"] },
  total: { id: 3, key: "total", outcomes: ["over", "under"] },
  handicap: { id: 4, key: "handicap", outcomes: ["1", "2"] },
  bothTeamsToScore: { id: 5, key: "bothTeamsToScore", outcomes: ["yes", "no"] },
  periodWinner: { id: 6, key: "periodWinner", outcomes: ["1", "2"] },
  outrightWinner: { id: 7, key: "outrightWinner", outcomes: [] },
} as const satisfies Record<string, { id: number; key: string; outcomes: readonly string[] }>;

export type MarketTypeName = keyof typeof MARKET_TYPES;

export type MarketType = (typeof MARKET_TYPES)[MarketTypeName];

const MARKET_TYPES_BY_ID = new Map<number, MarketType>(Object.values(MARKET_TYPES).map((type) => [type.id, type]));

export function marketTypeById(id: number): MarketType | undefined {
  return MARKET_TYPES_BY_ID.get(id);
}
