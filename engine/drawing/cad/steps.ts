/**
 * Steps read as walls: a short flight (three or four steps, too few to be told by its treads) or a terrace's steps
 * drawn as nested outlines pair, line by line, into a stack of "walls" that share their faces, each a step's going
 * thick. Real walls do not stack three deep at 0.22 m or more apiece. Pure geometry in drawing units.
 */
import type { Segment } from '../types';

interface Wall {
  seg: Segment;
  thickness: number;
}

/** A stacked "wall" this thick or more (metres) is a step's going; thinner stacks are a cavity wall's leaves. */
const MIN_GOING_M = 0.22;
const MAX_GOING_M = 0.45;
/** Walls in a stack at least. */
const MIN_STACK = 3;

/** Indices of the walls that stack into steps: three or more, each sharing a face with the next. */
export function stackedSteps(walls: readonly Wall[], mpu: number): Set<number> {
  const lines = walls.map((w, index) => {
    const [x1, y1, x2, y2] = w.seg;
    const length = Math.hypot(x2 - x1, y2 - y1);
    let angle = Math.atan2(y2 - y1, x2 - x1);
    if (angle < 0) angle += Math.PI;
    if (angle >= Math.PI - 1e-9) angle -= Math.PI;
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    const ta = x1 * ux + y1 * uy;
    const tb = x2 * ux + y2 * uy;
    return {
      index,
      angle,
      thickness: w.thickness * mpu,
      offset: (-x1 * uy + y1 * ux) * mpu,
      t0: Math.min(ta, tb) * mpu,
      t1: Math.max(ta, tb) * mpu,
      length: length * mpu,
    };
  });
  const candidates = lines.filter((l) => l.thickness >= MIN_GOING_M && l.thickness <= MAX_GOING_M);
  // Walls by direction (0.03 rad buckets, with the next bucket's too), sorted across their direction.
  const byDirection = new Map<number, typeof candidates>();
  for (const l of candidates) {
    const key = Math.round(l.angle / 0.03) % Math.round(Math.PI / 0.03);
    const list = byDirection.get(key) ?? [];
    list.push(l);
    byDirection.set(key, list);
  }
  const parent = new Map<number, number>();
  const find = (i: number): number => {
    let root = i;
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(i, root);
    return root;
  };
  const stackedWith = new Map<number, number>();
  for (const group of byDirection.values()) {
    group.sort((a, b) => a.offset - b.offset);
    for (let i = 0; i < group.length; i++) {
      const a = group[i]!;
      for (let j = i + 1; j < group.length; j++) {
        const b = group[j]!;
        const apart = b.offset - a.offset;
        const faceToFace = (a.thickness + b.thickness) / 2;
        if (apart > faceToFace * 1.15) break;
        if (apart < faceToFace * 0.85) continue;
        if (Math.max(a.thickness, b.thickness) > Math.min(a.thickness, b.thickness) * 1.3) continue;
        const overlap = Math.min(a.t1, b.t1) - Math.max(a.t0, b.t0);
        if (overlap < Math.min(a.length, b.length) * 0.5) continue;
        parent.set(find(a.index), find(b.index));
        stackedWith.set(a.index, (stackedWith.get(a.index) ?? 0) + 1);
        stackedWith.set(b.index, (stackedWith.get(b.index) ?? 0) + 1);
      }
    }
  }
  // A stack is three walls deep when one of its walls shares both its faces (a middle step); count the distinct
  // offsets of each stack to be sure.
  const offsets = new Map<number, Set<number>>();
  for (const l of candidates) {
    if (!stackedWith.has(l.index)) continue;
    const root = find(l.index);
    const set = offsets.get(root) ?? new Set<number>();
    set.add(Math.round(l.offset / 0.05));
    offsets.set(root, set);
  }
  const steps = new Set<number>();
  for (const l of candidates) {
    if (!stackedWith.has(l.index)) continue;
    if ((offsets.get(find(l.index))?.size ?? 0) >= MIN_STACK) steps.add(l.index);
  }
  return steps;
}
