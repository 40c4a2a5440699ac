import type { PlanModel } from '../../shared/plan/schema';

type Plan = Pick<PlanModel, 'walls' | 'openings' | 'rooms' | 'space'>;

/** Rooms of 4 × 3 m in a grid, each with its own four walls, a door and a window: `walls` walls in all. */
export function gridPlan(walls: number): Plan {
  const rooms = Math.ceil(walls / 4);
  const columns = Math.ceil(Math.sqrt(rooms));
  const plan: Plan = {
    space: { units: 'm', metresPerUnit: 1, scaleGuessed: false, yDown: false },
    walls: [],
    openings: [],
    rooms: [],
  };
  for (let r = 0; r < rooms; r++) {
    const x = (r % columns) * 4.5;
    const y = Math.floor(r / columns) * 3.5;
    const c: [number, number][] = [
      [x, y],
      [x + 4, y],
      [x + 4, y + 3],
      [x, y + 3],
    ];
    for (let k = 0; k < 4; k++) plan.walls.push({ a: c[k]!, b: c[(k + 1) % 4]!, thickness: 0.2 });
    plan.openings.push({ kind: 'door', a: [x + 1, y], b: [x + 1.9, y] });
    plan.openings.push({ kind: 'window', a: [x + 4, y + 1], b: [x + 4, y + 2.2] });
    plan.rooms.push({ polygon: c, areaM2: 12, label: `Room ${r + 1}` });
  }
  plan.walls.length = walls;
  return plan;
}
