import type { PlanEdit } from '@shared/plan/edits';
import type { PlanModel, PlanOpening, PlanPoint, PlanRoom, PlanWall } from '@shared/plan/schema';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const metres = (v: number) => String(Math.round(v * 1000) / 1000);

/** What can be set on the selection: a wall's thickness, an opening's width and heights, a room's name. */
export function SelectionDetails({
  plan,
  walls,
  openings,
  room,
  disabled,
  onEdit,
  roomPoint,
}: {
  plan: PlanModel;
  walls: PlanWall[];
  openings: PlanOpening[];
  room: PlanRoom | null;
  disabled: boolean;
  onEdit: (edits: PlanEdit[]) => void;
  roomPoint: (polygon: readonly PlanPoint[]) => PlanPoint;
}) {
  const m = plan.space.metresPerUnit;
  if (walls.length === 1 && openings.length === 0) {
    const wall = walls[0]!;
    return (
      <ValueForm
        key={wall.id}
        label="Wall thickness (m)"
        initial={metres(wall.thickness * m)}
        action="Set thickness"
        disabled={disabled}
        onSubmit={(value) => {
          const thickness = Number(value);
          if (Number.isFinite(thickness) && thickness > 0)
            onEdit([{ op: 'change-wall', id: wall.id!, thickness: thickness / m }]);
        }}
      />
    );
  }
  if (openings.length === 1 && walls.length === 0) {
    const opening = openings[0]!;
    const width = Math.hypot(opening.b[0] - opening.a[0], opening.b[1] - opening.a[1]);
    return (
      <ValueForm
        key={opening.id}
        label={`${opening.kind === 'window' ? 'Window' : opening.kind === 'door' ? 'Door' : 'Opening'} width (m)`}
        initial={metres(width * m)}
        action="Set width"
        disabled={disabled}
        onSubmit={(value) => {
          const wanted = Number(value) / m;
          if (!Number.isFinite(wanted) || wanted <= 0) return;
          const cx = (opening.a[0] + opening.b[0]) / 2;
          const cy = (opening.a[1] + opening.b[1]) / 2;
          const ux = (opening.b[0] - opening.a[0]) / width;
          const uy = (opening.b[1] - opening.a[1]) / width;
          const half = wanted / 2;
          onEdit([
            {
              op: 'change-opening',
              id: opening.id!,
              a: [cx - ux * half, cy - uy * half],
              b: [cx + ux * half, cy + uy * half],
            },
          ]);
        }}
      />
    );
  }
  if (room) {
    return (
      <ValueForm
        key={room.polygon.join()}
        label="Room name"
        initial={room.label ?? ''}
        action="Rename"
        disabled={disabled}
        onSubmit={(name) => onEdit([{ op: 'name-room', at: roomPoint(room.polygon), name }])}
      />
    );
  }
  return null;
}

function ValueForm({
  label,
  initial,
  action,
  disabled,
  onSubmit,
}: {
  label: string;
  initial: string;
  action: string;
  disabled: boolean;
  onSubmit: (value: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(value.trim());
  }
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} value={value} onChange={(e) => setValue(e.target.value)} className="w-48" />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={disabled}>
        {action}
      </Button>
    </form>
  );
}
