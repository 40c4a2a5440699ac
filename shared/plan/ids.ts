/**
 * Stable ids for a plan's walls and openings. A read gives each the hash of its own geometry, so reading the same
 * drawing again gives the same ids and a user's edits (which name walls and openings by id) find their walls again;
 * a wall the new reading does not hold has no id to be found by, and its edits are dropped.
 */
import type { PlanModel, PlanOpening, PlanWall } from './schema';

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Coordinates to 6 significant digits: the same reading gives the same text, float noise aside. */
const coordinateText = (values: readonly number[]) => values.map((v) => v.toPrecision(6)).join(',');

/** Unique ids from a prefix and geometry; the second wall with the same geometry gets `-2`, and so on. */
function uniqueIds(prefix: string, geometries: readonly string[], taken: Set<string>): string[] {
  return geometries.map((geometry) => {
    const base = `${prefix}${fnv1a(geometry)}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

/** The plan with an id on every wall and opening (ids already there are kept). */
export function withIds(plan: PlanModel): PlanModel {
  const wallsNeed = plan.walls.some((w) => !w.id);
  const openingsNeed = plan.openings.some((o) => !o.id);
  if (!wallsNeed && !openingsNeed) return plan;
  const taken = new Set<string>([
    ...plan.walls.flatMap((w) => (w.id ? [w.id] : [])),
    ...plan.openings.flatMap((o) => (o.id ? [o.id] : [])),
  ]);
  const missingWalls = plan.walls.filter((w) => !w.id);
  const wallIds = uniqueIds(
    'w',
    missingWalls.map((w) => coordinateText([...w.a, ...w.b, w.thickness])),
    taken,
  );
  const missingOpenings = plan.openings.filter((o) => !o.id);
  const openingIds = uniqueIds(
    'o',
    missingOpenings.map((o) => `${o.kind}:${coordinateText([...o.a, ...o.b])}`),
    taken,
  );
  let wi = 0;
  let oi = 0;
  const walls: PlanWall[] = plan.walls.map((w) => (w.id ? w : { ...w, id: wallIds[wi++]! }));
  const openings: PlanOpening[] = plan.openings.map((o) => (o.id ? o : { ...o, id: openingIds[oi++]! }));
  return { ...plan, walls, openings };
}
