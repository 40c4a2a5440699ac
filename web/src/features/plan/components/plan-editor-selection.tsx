import type { PlanEdit } from '@shared/plan/edits';
import { insidePoint } from '@shared/plan/rooms';
import type { PlanModel, PlanOpening, PlanRoom, PlanWall } from '@shared/plan/schema';
import { DEFAULT_SCENE_OPTIONS } from '@shared/scene/types';
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
  onEdit,
}: {
  plan: PlanModel;
  walls: PlanWall[];
  openings: PlanOpening[];
  room: PlanRoom | null;
  onEdit: (edits: PlanEdit[]) => void;
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
    return <OpeningForm key={opening.id} opening={opening} metresPerUnit={m} onEdit={onEdit} />;
  }
  if (room) {
    return (
      <ValueForm
        key={room.polygon.join()}
        label="Room name"
        initial={room.label ?? ''}
        action="Rename"
        onSubmit={(name) => onEdit([{ op: 'name-room', at: insidePoint(room.polygon), name }])}
      />
    );
  }
  return null;
}

function ValueForm({
  label,
  initial,
  action,
  onSubmit,
}: {
  label: string;
  initial: string;
  action: string;
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
      <Button type="submit" size="sm" variant="outline">
        {action}
      </Button>
    </form>
  );
}

/** A door's or window's width and heights above the floor (a window's sill too), in metres. */
function OpeningForm({
  opening,
  metresPerUnit,
  onEdit,
}: {
  opening: PlanOpening;
  metresPerUnit: number;
  onEdit: (edits: PlanEdit[]) => void;
}) {
  const id = useId();
  const isWindow = opening.kind === 'window';
  const width = Math.hypot(opening.b[0] - opening.a[0], opening.b[1] - opening.a[1]);
  const [values, setValues] = useState({
    width: metres(width * metresPerUnit),
    sill: metres(opening.sillM ?? DEFAULT_SCENE_OPTIONS.windowSill),
    head: metres(
      opening.headM ?? (isWindow ? DEFAULT_SCENE_OPTIONS.windowHead : DEFAULT_SCENE_OPTIONS.doorHead),
    ),
  });
  const name = isWindow ? 'Window' : opening.kind === 'door' ? 'Door' : 'Opening';
  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = Number(values.width) / metresPerUnit;
    const sillM = Number(values.sill);
    const headM = Number(values.head);
    if (!(wanted > 0) || !Number.isFinite(headM) || (isWindow && !Number.isFinite(sillM))) return;
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
        headM,
        ...(isWindow ? { sillM } : {}),
      },
    ]);
  }
  const field = (key: keyof typeof values, label: string) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        value={values[key]}
        inputMode="decimal"
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        className="w-28"
      />
    </div>
  );
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      {field('width', `${name} width (m)`)}
      {isWindow ? field('sill', 'Sill height (m)') : null}
      {field('head', 'Head height (m)')}
      <Button type="submit" size="sm" variant="outline">
        Apply
      </Button>
    </form>
  );
}
