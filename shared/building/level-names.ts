/**
 * Which storey a drawing's title or file name names, in the ways architects write it: "Ground floor", "First floor
 * plan", "Basement"; EG / 1.OG / UG / KG / DG; RDC / R+1 / sous-sol; 1F / 2F / B1 (the Japanese and American count,
 * where 1F is the ground floor); "План 1 этажа", "подвал"; "Level 2". And level marks such as "+3,300" or "±0.00",
 * the floor's elevation in metres. Pure text work.
 */

export interface LevelName {
  /** 0 the ground floor, 1 the one above, −1 the one below; the roof storey far above every numbered one. */
  rank: number;
  /** The words that named it, as written. */
  text: string;
}

/** A roof storey, attic or loft: above every numbered storey. */
const ROOF_STOREY_RANK = 100;

const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

/** Each way of naming a storey: a pattern and the rank it gives (from its first group where it holds a number). */
const NAMINGS: readonly { pattern: RegExp; rank: (m: RegExpMatchArray) => number }[] = [
  {
    pattern:
      /\b(ground|gr\.?|main|entry)\s*(floor|level|fl\.?)\b|\bG\.?F\b|erdgeschoss|\bEG\b|rez[\s-]de[\s-]chauss[ée]e|\bRDC\b|\bR\s*\+\s*0\b/i,
    rank: () => 0,
  },
  {
    pattern:
      /\b(basement|cellar|lower\s+ground)\b|\bUG\b|\bKG\b|untergeschoss|kellergeschoss|sous[\s-]sol|подвал|цокольн/i,
    rank: () => -1,
  },
  {
    pattern: /\b(attic|loft|roof\s*(storey|floor|level))\b|dachgeschoss|\bDG\b|combles|мансард/i,
    rank: () => ROOF_STOREY_RANK,
  },
  { pattern: /\b(\d{1,2})\s*\.?\s*(OG|Obergeschoss)\b/i, rank: (m) => Number(m[1]) },
  { pattern: /\b(OG|Obergeschoss)\b/i, rank: () => 1 },
  { pattern: /\b(\d{1,2})\s*\.?\s*(UG|Untergeschoss)\b/i, rank: (m) => -Number(m[1]) },
  { pattern: /\bR\s*\+\s*(\d{1,2})\b/i, rank: (m) => Number(m[1]) },
  { pattern: /\bR\s*-\s*(\d{1,2})\b/i, rank: (m) => -Number(m[1]) },
  { pattern: /\bB(\d{1,2})F?\b/, rank: (m) => -Number(m[1]) },
  { pattern: /\b(\d{1,2})\s*F\b/, rank: (m) => Number(m[1]) - 1 },
  { pattern: /\b(\d{1,2})\s*(st|nd|rd|th)\s+(floor|storey|story)\b/i, rank: (m) => Number(m[1]) },
  {
    pattern: /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(floor|storey|story)\b/i,
    rank: (m) => ORDINALS[m[1]!.toLowerCase()]!,
  },
  { pattern: /(\d{1,2})\s*(-?го\s+)?этаж/i, rank: (m) => Number(m[1]) - 1 },
  { pattern: /\b(level|lvl|niveau|ebene)\s*(-?\d{1,2})\b/i, rank: (m) => Number(m[2]) },
];

/**
 * The storeys `texts` name, one per storey (the first way each is written), in the order first named: a page naming
 * one is that storey's plan; one naming several is an overview, a key plan or a schedule.
 */
export function storeysNamed(texts: readonly string[]): LevelName[] {
  const byRank = new Map<number, LevelName>();
  for (const text of texts) {
    const named = levelNamed(text);
    if (named && !byRank.has(named.rank)) byRank.set(named.rank, named);
  }
  return [...byRank.values()];
}

/** The storey `text` names, if it names one. */
export function levelNamed(text: string): LevelName | null {
  for (const { pattern, rank } of NAMINGS) {
    const m = text.match(pattern);
    if (m) return { rank: rank(m), text: m[0].trim() };
  }
  return null;
}

/**
 * A level mark's elevation in metres: "+3,300", "+3.30", "-2,850", "±0,000" (or "0,000"), "отм. +6,600". Marks in millimetres
 * (a sign and four or more digits, "+3300") are read as such. Null when `text` holds none.
 */
export function levelMark(text: string): number | null {
  // The datum written without its sign, "0,000" or "0.000" (three decimals: a level, not a count).
  if (/(?<![\d.,+\-−±])0[.,]000(?![\d.,])/.test(text)) return 0;
  const m = text.match(/(±|\+|-|−)\s*(\d{1,3})(?:[.,](\d{2,3}))?(?!\d)|(±|\+|-|−)(\d{4,5})(?!\d)/);
  if (!m) return null;
  if (m[5]) return (m[4] === '-' || m[4] === '−' ? -1 : 1) * (Number(m[5]) / 1000);
  if (m[3] === undefined && m[1] !== '±') return null;
  const sign = m[1] === '-' || m[1] === '−' ? -1 : 1;
  return sign * Number(`${m[2]}.${m[3] ?? '0'}`);
}

/** Floor to floor of a storey, metres, for telling which storey a level mark is on (+3,300 the first, −3,000 the one below). */
const MARK_STOREY_M = 3;

/**
 * The storey a title names, by its words (`levelNamed`) or else by its level mark ("План на отм. +3,300": the storey
 * about three metres up, named "Level +3.300").
 */
export function storeyOfTitle(text: string): LevelName | null {
  const named = levelNamed(text);
  if (named) return named;
  const mark = levelMark(text);
  if (mark === null) return null;
  const sign = mark === 0 ? '±' : mark > 0 ? '+' : '−';
  return { rank: Math.round(mark / MARK_STOREY_M), text: `Level ${sign}${Math.abs(mark).toFixed(3)}` };
}
