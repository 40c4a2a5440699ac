import type { PlanCorrections, PlanModel, PlanPoint } from '@shared/plan/schema';
import { otherPlanWalls } from '@shared/plan/views';
import { useQuery } from '@tanstack/react-query';
import { PencilRuler, Ruler } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/utils';
import { planQueryOptions, useCorrectPlan } from '../api/plan';
import { howItWasRead } from '../lib/reading';
import { describeScale, metresPerUnitFrom, UNIT_CHOICES } from '../lib/scale';
import { PlanCheckSummary } from './plan-check';
import { PlanEditor } from './plan-editor';
import { PlanOverlay } from './plan-overlay';

export interface PlanTarget {
  projectId: string;
  fileId: string;
  fileName: string;
  previewUrl: string | null;
}

/** "What Planform read": the plan found in one drawing, drawn over it, with its scale, warnings and corrections. */
export function PlanDialog({ target, onClose }: { target: PlanTarget | null; onClose: () => void }) {
  return (
    <Dialog open={!!target} onOpenChange={(open) => (open ? undefined : onClose())} className="max-w-4xl">
      {target ? <PlanDialogBody target={target} /> : null}
    </Dialog>
  );
}

function PlanDialogBody({ target }: { target: PlanTarget }) {
  const query = useQuery(planQueryOptions(target.projectId, target.fileId));
  const plan = query.data;
  return (
    <div className="flex max-h-[85vh] flex-col gap-4 overflow-y-auto">
      <DialogHeader>
        <DialogTitle>What Planform read</DialogTitle>
        <DialogDescription className="break-all">{target.fileName}</DialogDescription>
      </DialogHeader>
      {query.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(query.error)}
        </p>
      ) : !plan || plan.status === 'processing' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-4" /> Reading the drawing…
        </p>
      ) : plan.status === 'failed' ? (
        plan.check ? (
          <PlanCheckSummary check={plan.check} />
        ) : (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {plan.message ?? 'The drawing could not be read.'}
          </p>
        )
      ) : (
        <ReadPlan plan={plan} target={target} />
      )}
    </div>
  );
}

function count(plan: PlanModel, kind: 'door' | 'window') {
  return plan.openings.filter((o) => o.kind === kind).length;
}

function ReadPlan({ plan, target }: { plan: PlanModel; target: PlanTarget }) {
  const correct = useCorrectPlan(target.projectId, target.fileId);
  const [measuring, setMeasuring] = useState(false);
  const [points, setPoints] = useState<PlanPoint[]>([]);
  const [editing, setEditing] = useState(false);
  const totalArea = plan.rooms.reduce((sum, r) => sum + r.areaM2, 0);
  const views = plan.source.views ?? [];
  const isPdf = plan.source.format === 'pdf';

  function apply(corrections: PlanCorrections) {
    correct.mutate(corrections, {
      onSuccess: () => toast.success('Plan updated'),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function addPoint(point: PlanPoint) {
    setPoints((current) => (current.length >= 2 ? [point] : [...current, point]));
  }

  // The check's first reason is the plan's message when nothing was read.
  const check = plan.check;
  const reading = howItWasRead(plan);
  return (
    <>
      {check ? <PlanCheckSummary check={check} /> : null}
      {plan.message && !check?.reasons.includes(plan.message) ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {plan.message}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" aria-label="What was found">
        <div>
          <dt className="text-slate-500">Walls</dt>
          <dd className="font-medium text-slate-900">{plan.walls.length}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Doors and windows</dt>
          <dd className="font-medium text-slate-900">
            {count(plan, 'door')} doors, {count(plan, 'window')} windows
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Rooms</dt>
          <dd className="font-medium text-slate-900">
            {plan.rooms.length} ({totalArea.toFixed(1)} m²)
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Scale</dt>
          <dd className="font-medium text-slate-900" data-testid="plan-scale">
            {describeScale(plan.space)}
          </dd>
        </div>
      </dl>
      {plan.source.view && views.length > 1 ? (
        <p className="text-sm text-slate-700">
          Read from: <span className="font-medium">{plan.source.view}</span>
        </p>
      ) : null}

      {editing ? (
        <PlanEditor plan={plan} target={target} onDone={() => setEditing(false)} />
      ) : (
        <>
          <PlanOverlay
            plan={plan}
            previewUrl={target.previewUrl}
            measuring={measuring}
            points={points}
            onPoint={addPoint}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setMeasuring(false);
                setEditing(true);
              }}
            >
              <PencilRuler aria-hidden="true" /> Edit the plan
            </Button>
            {plan.editCount ? (
              <span className="text-xs text-slate-600">
                {plan.editCount} {plan.editCount === 1 ? 'edit' : 'edits'} kept on top of what was read
              </span>
            ) : null}
          </div>
        </>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <span>
          <span className="mr-1 inline-block size-3 bg-red-600/60 align-middle" />
          Walls
        </span>
        {otherPlanWalls(plan).length ? (
          <span>
            <span className="mr-1 inline-block size-3 bg-slate-600/40 align-middle" />
            Walls of the other plans on the sheet (not built)
          </span>
        ) : null}
        <span>
          <span className="mr-1 inline-block h-1 w-4 bg-green-700 align-middle" />
          Doors
        </span>
        <span>
          <span className="mr-1 inline-block h-1 w-4 bg-blue-700 align-middle" />
          Windows
        </span>
        <span>
          <span className="mr-1 inline-block size-3 bg-amber-500/30 align-middle" />
          Rooms
        </span>
      </p>

      {reading.length ? (
        <div>
          <h3 className="text-sm font-medium text-slate-900">How it was read</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="how-it-was-read">
            {reading.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {plan.warnings.length ? (
        <div>
          <h3 className="text-sm font-medium text-slate-900">Notes from reading</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {plan.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <section
        aria-labelledby="plan-corrections"
        className="flex flex-col gap-3 border-t border-slate-200 pt-4"
      >
        <h3 id="plan-corrections" className="text-sm font-medium text-slate-900">
          Correct what was read
        </h3>
        {views.length > 1 ? (
          <ViewChoice
            label={isPdf ? 'Page with the plan' : 'View with the plan'}
            views={views}
            current={plan.corrections?.viewId ?? views.find((v) => v.label === plan.source.view)?.id ?? ''}
            disabled={correct.isPending}
            onChange={(viewId) => apply({ viewId })}
          />
        ) : null}
        {plan.space.units !== 'px' && plan.space.units !== 'pt' ? (
          <UnitChoice
            current={plan.space.metresPerUnit}
            disabled={correct.isPending}
            onChange={(metresPerUnit) => apply({ metresPerUnit })}
          />
        ) : null}
        <ScaleInput
          current={plan.space.metresPerUnit}
          unitName={
            plan.space.units === 'px' ? 'pixel' : plan.space.units === 'pt' ? 'point' : 'drawing unit'
          }
          disabled={correct.isPending}
          onApply={(metresPerUnit) => apply({ metresPerUnit })}
        />
        <KnownLength
          measuring={measuring}
          points={points}
          disabled={correct.isPending}
          onToggle={() => {
            setMeasuring((m) => !m);
            setPoints([]);
          }}
          onApply={(metres) => {
            const [a, b] = points;
            const metresPerUnit = a && b ? metresPerUnitFrom(a, b, metres) : null;
            if (metresPerUnit === null) return;
            apply({ metresPerUnit });
            setMeasuring(false);
            setPoints([]);
          }}
        />
      </section>
    </>
  );
}

function ViewChoice({
  label,
  views,
  current,
  disabled,
  onChange,
}: {
  label: string;
  views: NonNullable<PlanModel['source']['views']>;
  current: string;
  disabled: boolean;
  onChange: (viewId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="h-10 w-full min-w-0 truncate rounded-md border border-slate-300 bg-white px-3 text-sm"
        value={current}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {views.map((v) => (
          <option key={v.id} value={v.id}>
            {v.label}
            {v.kind !== 'unknown' && !v.label.toLowerCase().includes(v.kind) ? ` (${v.kind})` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

function UnitChoice({
  current,
  disabled,
  onChange,
}: {
  current: number;
  disabled: boolean;
  onChange: (metresPerUnit: number) => void;
}) {
  const id = useId();
  const selected = UNIT_CHOICES.find((u) => Math.abs(u.metresPerUnit - current) < 1e-12);
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>Drawing units</Label>
      <select
        id={id}
        className="h-10 w-full min-w-0 truncate rounded-md border border-slate-300 bg-white px-3 text-sm"
        value={selected ? String(selected.metresPerUnit) : ''}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {selected ? null : <option value="">Other ({current} m per unit)</option>}
        {UNIT_CHOICES.map((u) => (
          <option key={u.label} value={String(u.metresPerUnit)}>
            {u.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ScaleInput({
  current,
  unitName,
  disabled,
  onApply,
}: {
  current: number;
  unitName: string;
  disabled: boolean;
  onApply: (metresPerUnit: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(Number(current.toPrecision(6))));
  const value = Number(text);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (value > 0) onApply(value);
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>Metres per {unitName}</Label>
        <Input
          id={id}
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value.replace(',', '.'))}
          className="w-40"
        />
      </div>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={disabled || !(value > 0) || value === current}
      >
        Set scale
      </Button>
    </form>
  );
}

function KnownLength({
  measuring,
  points,
  disabled,
  onToggle,
  onApply,
}: {
  measuring: boolean;
  points: PlanPoint[];
  disabled: boolean;
  onToggle: () => void;
  onApply: (metres: number) => void;
}) {
  const id = useId();
  const [metres, setMetres] = useState('');
  const value = Number(metres);
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button variant="outline" size="sm" onClick={onToggle} aria-pressed={measuring}>
          <Ruler aria-hidden="true" className="size-4" />
          {measuring ? 'Stop measuring' : 'Set the scale from a known length'}
        </Button>
      </div>
      {measuring ? (
        <p className="text-sm text-slate-700" role="status">
          {points.length < 2
            ? `Click the ${points.length === 0 ? 'first' : 'second'} end of a length you know on the drawing.`
            : 'Type the length between the two points.'}
        </p>
      ) : null}
      {measuring && points.length === 2 ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (value > 0) onApply(value);
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor={id}>Length in metres</Label>
            <Input
              id={id}
              inputMode="decimal"
              value={metres}
              onChange={(e) => setMetres(e.target.value.replace(',', '.'))}
              className="w-32"
            />
          </div>
          <Button type="submit" size="sm" disabled={disabled || !(value > 0)}>
            Apply scale
          </Button>
        </form>
      ) : null}
    </div>
  );
}
