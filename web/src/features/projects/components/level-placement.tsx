import type { Level } from '@shared/building/schema';
import { storeyToWorld } from '@shared/scene/building';
import { type KeyboardEvent, type PointerEvent, useId, useMemo, useRef, useState } from 'react';

type Floor = readonly [number, number];
/** A wall of a level's plan on its own floor (scene x and z, metres): from, to. */
export type LevelWall = readonly [Floor, Floor];

/** Arrow keys move the level by this much (metres); with Shift, ten times as far. */
const NUDGE_M = 0.05;
/** Shifts are kept to the centimetre. */
const round = (m: number) => Math.round(m * 100) / 100;
const MARGIN_SHARE = 0.08;
const ARROWS: Record<string, Floor> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The level's walls in the building's floor (x east, z south), as one path. */
function wallsPath(level: Level, walls: readonly LevelWall[]): string {
  const placed = { elevation: 0, rotationDeg: level.rotationDeg, offset: level.offsetM };
  return walls
    .map(([a, b]) => {
      const [x1, , z1] = storeyToWorld(placed, [a[0], 0, a[1]]);
      const [x2, , z2] = storeyToWorld(placed, [b[0], 0, b[1]]);
      return `M${x1.toFixed(3)} ${z1.toFixed(3)}L${x2.toFixed(3)} ${z2.toFixed(3)}`;
    })
    .join('');
}

/** The box around the levels' walls as placed, with a margin: the view's frame. */
function frameOf(levels: readonly Level[], walls: readonly (readonly LevelWall[])[]) {
  let [minX, minZ, maxX, maxZ] = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  levels.forEach((level, i) => {
    const placed = { elevation: 0, rotationDeg: level.rotationDeg, offset: level.offsetM };
    for (const wall of walls[i] ?? [])
      for (const p of wall) {
        const [x, , z] = storeyToWorld(placed, [p[0], 0, p[1]]);
        [minX, minZ, maxX, maxZ] = [
          Math.min(minX, x),
          Math.min(minZ, z),
          Math.max(maxX, x),
          Math.max(maxZ, z),
        ];
      }
  });
  if (!Number.isFinite(minX)) return null;
  const margin = Math.max(maxX - minX, maxZ - minZ, 1) * MARGIN_SHARE;
  return {
    x: minX - margin,
    z: minZ - margin,
    width: maxX - minX + 2 * margin,
    height: maxZ - minZ + 2 * margin,
  };
}

/**
 * A level seen from above over the level below it, to nudge its placement: dragged with the pointer, or moved by
 * the arrow keys (5 cm, with Shift 50 cm). North is up.
 */
export function LevelPlacement({
  levels,
  walls,
  onShift,
}: {
  levels: readonly Level[];
  /** Each level's walls on its own floor, in the order of `levels`. */
  walls: readonly (readonly LevelWall[])[];
  onShift: (index: number, offsetM: Level['offsetM']) => void;
}) {
  const byElevation = levels
    .map((_, i) => i)
    .sort((p, q) => levels[p]!.elevationM - levels[q]!.elevationM || p - q);
  const [chosen, setChosen] = useState(byElevation[1] ?? byElevation[0] ?? 0);
  const below = byElevation[byElevation.indexOf(chosen) - 1];
  const selectId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  // The frame stays put while a level is dragged (it would follow the level and the pointer would slip).
  const drag = useRef<{ x: number; y: number; offset: Level['offsetM'] } | null>(null);
  const [frozen, setFrozen] = useState<ReturnType<typeof frameOf>>(null);
  const live = useMemo(() => frameOf(levels, walls), [levels, walls]);
  const frame = frozen ?? live;
  if (!frame || levels.length < 2) return null;
  const level = levels[chosen]!;
  const name = (i: number) => levels[i]!.name || `level ${i + 1}`;

  const shiftBy = (dx: number, dz: number, from = level.offsetM) =>
    onShift(chosen, [round(from[0] + dx), round(from[1] + dz)]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    const far = event.shiftKey ? 10 : 1;
    shiftBy(step[0] * NUDGE_M * far, step[1] * NUDGE_M * far);
  }
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, offset: level.offsetM };
    setFrozen(frame);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    const ctm = svgRef.current?.getScreenCTM();
    if (!start || !ctm?.a || !ctm.d) return;
    shiftBy((event.clientX - start.x) / ctm.a, (event.clientY - start.y) / ctm.d, start.offset);
  }
  function onPointerUp() {
    drag.current = null;
    setFrozen(null);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={selectId} className="font-medium text-slate-700">
          Place
        </label>
        <select
          id={selectId}
          value={chosen}
          onChange={(e) => setChosen(Number(e.target.value))}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {byElevation.slice(1).map((i) => (
            <option key={i} value={i}>
              {name(i)}
            </option>
          ))}
        </select>
        <span className="text-slate-600">
          {below === undefined
            ? null
            : `in blue over ${name(below)} in grey: drag it, or use the arrow keys.`}
        </span>
      </div>
      <div
        role="application"
        aria-label={`Placement of ${name(chosen)} from above: the arrow keys move it by 5 cm, with Shift by 50 cm`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: an application takes the keys (they move the level)
        tabIndex={0}
        className="h-64 w-full cursor-move touch-none rounded-md border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        data-testid="level-placement"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <svg
          ref={svgRef}
          aria-hidden="true"
          viewBox={`${frame.x} ${frame.z} ${frame.width} ${frame.height}`}
          className="h-full w-full"
        >
          {below === undefined ? null : (
            <path
              d={wallsPath(levels[below]!, walls[below] ?? [])}
              stroke="#94a3b8"
              strokeWidth={3}
              vectorEffect="non-scaling-stroke"
              fill="none"
            />
          )}
          <path
            d={wallsPath(level, walls[chosen] ?? [])}
            stroke="#2563eb"
            strokeWidth={2}
            strokeOpacity={0.8}
            vectorEffect="non-scaling-stroke"
            fill="none"
            data-testid="placed-level"
          />
        </svg>
      </div>
    </div>
  );
}
