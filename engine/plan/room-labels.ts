/**
 * Room names from the drawing's own words: the text inside a room's outline that names it. Pure; every point in
 * the file's own space.
 */
import { pointInPolygon } from '../../shared/plan/geometry';
import type { PlanPoint } from '../../shared/plan/schema';
import { mayNameARoom, namesARoom } from '../drawing/vocabulary';

export interface PlacedWord {
  text: string;
  at: PlanPoint;
}

/**
 * The name of the room outlined by `polygon`: of the words inside it that may name a room, one that uses a room
 * word (kitchen, Küche, soba…), else the first in reading order (the name stands above the finish and the area).
 * Null when no word inside could be a name.
 */
export function roomLabel(
  words: readonly PlacedWord[],
  polygon: readonly PlanPoint[],
  yDown: boolean,
): string | null {
  const inside = words.filter((w) => mayNameARoom(w.text) && pointInPolygon(w.at, polygon));
  if (!inside.length) return null;
  const named = inside.filter((w) => namesARoom(w.text));
  const pool = named.length ? named : inside;
  const top = pool.reduce((best, w) => ((yDown ? w.at[1] < best.at[1] : w.at[1] > best.at[1]) ? w : best));
  return top.text.replace(SIZE, '').trim().replace(/\s+/g, ' ');
}

/** A room's size written after its name: `12'-0" x 10'-6"`, `3.20 x 4.10`, `4,5 × 3 m`. */
const SIZE = /\s*[\d.,'"′″-]+\s*(m|cm|mm)?\s*[x×]\s*[\d.,'"′″-]+\s*(m|cm|mm)?\s*$/iu;
