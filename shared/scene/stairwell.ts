/**
 * Stairs in a building of storeys: a room a drawing names as stairs (in the languages plans are drawn in), or one a
 * flight of stairs is drawn in (the plan's `stairs`, found by their treads), is a stairwell, and on every storey above
 * the lowest its floor is open, the stair from below rising through it.
 */
import { pointInPolygon } from '../plan/geometry';
import type { PlanPoint, PlanStair } from '../plan/schema';
import type { Scene } from './types';

/** A word for stairs, a staircase or a stairwell, not inside a longer word. */
const STAIR_WORD =
  /(?<!\p{L})(stairs?|staircase|stairwell|stairway|treppe|treppenhaus|treppenraum|escaliers?|cage d'escalier|escaleras?|scala|trap|trappenhuis|schody|klatka schodowa|lépcső(ház)?|schodiště|лестница|лестничная клетка|階段|楼梯|樓梯)(?!\p{L})/iu;

/** Whether a room's name says it holds stairs. */
export function namesStair(name: string | undefined): boolean {
  return !!name && STAIR_WORD.test(name);
}

/** Whether a room (its name, its outline in the plan's space) holds stairs: named so, or a flight's middle in it. */
export function holdsStair(
  name: string | undefined,
  polygon: readonly PlanPoint[],
  stairs: readonly PlanStair[] | undefined,
): boolean {
  if (namesStair(name)) return true;
  return (stairs ?? []).some(({ outline }) => {
    const middle: PlanPoint = [
      (outline[0][0] + outline[1][0] + outline[2][0] + outline[3][0]) / 4,
      (outline[0][1] + outline[1][1] + outline[2][1] + outline[3][1]) / 4,
    ];
    return pointInPolygon(middle, polygon);
  });
}

/** The middle of each flight of a scene on its floor (scene x, z, metres): where its stair core stands. */
export function flightMiddles(scene: Pick<Scene, 'stairs'>): [number, number][] {
  return (scene.stairs ?? [])
    .filter((stair) => stair.steps.length > 0)
    .map((stair) => {
      let x = 0;
      let z = 0;
      for (const step of stair.steps) {
        x += step.center[0];
        z += step.center[2];
      }
      return [x / stair.steps.length, z / stair.steps.length];
    });
}
