/**
 * Reading the loose objects the CAD parsers return (dxf-parser, libredwg-web): their typings cover only part of
 * what they hold, so both readers map them into the CAD model through these.
 */
import type { CadEntity, P2 } from './model';

export type Loose = Record<string, unknown>;

export const num = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

export const pt = (v: unknown): P2 => {
  const o = (v ?? {}) as Loose;
  return { x: num(o.x), y: num(o.y) };
};

/**
 * A block reference: `at` and `rotation` (radians) as the reader found them; `flip` when its extrusion points down,
 * which mirrors it in x (the reader has mirrored `at` already).
 */
export function insertOf(
  base: { layer: string; visible?: boolean },
  raw: Loose,
  name: string,
  at: P2,
  rotation: number,
  flip: boolean,
): CadEntity {
  const sx = num(raw.xScale, 1) || 1;
  return {
    ...base,
    type: 'INSERT',
    name,
    at,
    sx: flip ? -sx : sx,
    sy: num(raw.yScale, 1) || 1,
    rotation: flip ? -rotation : rotation,
    cols: num(raw.columnCount, 1),
    rows: num(raw.rowCount, 1),
    colSpacing: num(raw.columnSpacing),
    rowSpacing: num(raw.rowSpacing),
  };
}
