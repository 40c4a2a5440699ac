import { wallQuad } from '@shared/plan/geometry';
import type { PlanModel, PlanPoint } from '@shared/plan/schema';
import { otherPlanWalls } from '@shared/plan/views';
import { type MouseEvent, useMemo, useRef, useState } from 'react';
import { applyTransform, centroid, invertTransform } from '../lib/scale';

type Transform = [number, number, number, number, number, number];

const OPENING_COLOURS = { door: '#15803d', window: '#1d4ed8', opening: '#7e22ce' } as const;

/** Fits the plan into a 1000-wide box when there is no preview to lay it over (y flipped for CAD's y up). */
function fitTransform(plan: PlanModel): { transform: Transform; width: number; height: number } {
  const walls = [...plan.walls, ...otherPlanWalls(plan)];
  const xs = walls.flatMap((w) => [w.a[0], w.b[0]]);
  const ys = walls.flatMap((w) => [w.a[1], w.b[1]]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const k = 960 / Math.max(maxX - minX, maxY - minY, 1e-9);
  const width = (maxX - minX) * k + 40;
  const height = (maxY - minY) * k + 40;
  return plan.space.yDown
    ? { transform: [k, 0, 20 - minX * k, 0, k, 20 - minY * k], width, height }
    : { transform: [k, 0, 20 - minX * k, 0, -k, 20 + maxY * k], width, height };
}

/**
 * The drawing's preview with what was read drawn over it, in the drawing's own space mapped through the plan's
 * preview transform: walls (red; those of the sheet's other plans grey), doors, windows and openings (coloured lines), rooms (tinted, with their names
 * as written on the drawing and their areas).
 * While `measuring`, clicks report points in the drawing's own units.
 */
export function PlanOverlay({
  plan,
  previewUrl,
  measuring,
  points,
  onPoint,
}: {
  plan: PlanModel;
  previewUrl: string | null;
  measuring: boolean;
  points: PlanPoint[];
  onPoint: (point: PlanPoint) => void;
}) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const overPreview = !!previewUrl && !!plan.source.previewTransform;
  const frame = useMemo(() => {
    if (overPreview && natural)
      return {
        transform: plan.source.previewTransform as Transform,
        width: natural.width,
        height: natural.height,
      };
    return plan.walls.length ? fitTransform(plan) : null;
  }, [overPreview, natural, plan]);

  const toView = (p: PlanPoint) => (frame ? applyTransform(frame.transform, p) : p);
  const pointsAttr = (polygon: readonly PlanPoint[]) =>
    polygon
      .map(toView)
      .map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`)
      .join(' ');

  function handleClick(event: MouseEvent<SVGSVGElement>) {
    if (!measuring || !frame || !svgRef.current) return;
    const matrix = svgRef.current.getScreenCTM()?.inverse();
    if (!matrix) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
    const inverse = invertTransform(frame.transform);
    if (inverse) onPoint(applyTransform(inverse, [at.x, at.y]));
  }

  const label = `${plan.walls.length} walls, ${plan.openings.length} openings and ${plan.rooms.length} rooms drawn over the drawing`;
  const size = frame ? Math.max(frame.width, frame.height) : 1000;
  return (
    <div className="relative overflow-hidden rounded-md border border-slate-200 bg-white">
      {overPreview ? (
        <img
          src={previewUrl ?? undefined}
          alt=""
          className="block h-auto w-full"
          onLoad={(e) =>
            setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
          }
        />
      ) : null}
      {frame ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users type the scale (metres per unit) instead
        <svg
          ref={svgRef}
          role="img"
          aria-label={label}
          data-testid="plan-overlay"
          viewBox={`0 0 ${frame.width} ${frame.height}`}
          preserveAspectRatio="none"
          className={overPreview ? 'absolute inset-0 h-full w-full' : 'block h-auto w-full'}
          style={{ cursor: measuring ? 'crosshair' : 'default' }}
          onClick={handleClick}
        >
          {plan.rooms.map((room, i) => (
            <polygon
              // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id; their order is stable
              key={`room-${i}`}
              points={pointsAttr(room.polygon)}
              fill="#f59e0b"
              fillOpacity={0.14}
              stroke="none"
            />
          ))}
          {otherPlanWalls(plan).map((wall, i) => (
            <polygon
              // biome-ignore lint/suspicious/noArrayIndexKey: walls have no id; their order is stable
              key={`other-wall-${i}`}
              points={pointsAttr(wallQuad(wall))}
              fill="#475569"
              fillOpacity={0.4}
              stroke="none"
              data-testid="other-plan-wall"
            />
          ))}
          {plan.walls.map((wall, i) => (
            <polygon
              // biome-ignore lint/suspicious/noArrayIndexKey: walls have no id; their order is stable
              key={`wall-${i}`}
              points={pointsAttr(wallQuad(wall))}
              fill="#dc2626"
              fillOpacity={0.55}
              stroke="#dc2626"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {plan.openings.map((opening, i) => {
            const [x1, y1] = toView(opening.a);
            const [x2, y2] = toView(opening.b);
            return (
              <line
                // biome-ignore lint/suspicious/noArrayIndexKey: openings have no id; their order is stable
                key={`opening-${i}`}
                x1={x1}
                y1={y1}
                x2={x2}
                y2={y2}
                stroke={OPENING_COLOURS[opening.kind]}
                strokeWidth={4}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
          {plan.rooms.map((room, i) => {
            const [x, y] = toView(centroid(room.polygon));
            return (
              <text
                // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id; their order is stable
                key={`area-${i}`}
                x={x}
                y={y}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize={size / 45}
                fill="#7c2d12"
                stroke="#ffffff"
                strokeWidth={size / 400}
                paintOrder="stroke"
              >
                {room.label ? (
                  <>
                    <tspan x={x} dy="-0.6em">
                      {room.label}
                    </tspan>
                    <tspan x={x} dy="1.2em">
                      {room.areaM2.toFixed(1)} m²
                    </tspan>
                  </>
                ) : (
                  `${room.areaM2.toFixed(1)} m²`
                )}
              </text>
            );
          })}
          {points.map((p) => {
            const [x, y] = toView(p);
            return (
              <circle
                key={`point-${p[0]}-${p[1]}`}
                cx={x}
                cy={y}
                r={size / 150}
                fill="#0f172a"
                data-testid="measure-point"
              />
            );
          })}
          {points.length === 2
            ? (() => {
                const [a, b] = points.map(toView) as [PlanPoint, PlanPoint];
                return (
                  <line
                    x1={a[0]}
                    y1={a[1]}
                    x2={b[0]}
                    y2={b[1]}
                    stroke="#0f172a"
                    strokeWidth={2}
                    strokeDasharray="6 4"
                    vectorEffect="non-scaling-stroke"
                  />
                );
              })()
            : null}
        </svg>
      ) : null}
    </div>
  );
}
