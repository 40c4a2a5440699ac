/**
 * Stairs in a building of storeys: a room a drawing names as stairs (in the languages plans are drawn in) is a
 * stairwell, and on every storey above the lowest its floor is open, the stair from below rising through it. The plan
 * model has no stair of its own yet: the room's name is what the drawing says.
 */

/** A word for stairs, a staircase or a stairwell, not inside a longer word. */
const STAIR_WORD =
  /(?<!\p{L})(stairs?|staircase|stairwell|stairway|treppe|treppenhaus|treppenraum|escaliers?|cage d'escalier|escaleras?|scala|trap|trappenhuis|schody|klatka schodowa|lépcső(ház)?|schodiště|лестница|лестничная клетка|階段|楼梯|樓梯)(?!\p{L})/iu;

/** Whether a room's name says it holds stairs. */
export function namesStair(name: string | undefined): boolean {
  return !!name && STAIR_WORD.test(name);
}
