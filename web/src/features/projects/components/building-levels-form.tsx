import type { Level, ProjectBuilding } from '@shared/building/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/utils';
import { buildingKeys, saveBuilding } from '../api/building';
import { LevelPlacement, type LevelWall } from './level-placement';

const TURNS = [0, 90, 180, 270] as const;

/** The level's drawing by name, and its page or view when the drawing holds several storeys ("house.pdf, page 3"). */
const levelDrawing = (level: Level, fileNames: Record<string, string>) =>
  [fileNames[level.fileId] ?? '', level.viewId?.replace('-', ' ')].filter(Boolean).join(', ');

/**
 * The building's levels as a form: each level's name, floor elevation, quarter turn and shift (to nudge a level the
 * alignment placed wrong, as numbers or by dragging it over the level below), saved together. A proposal (from the
 * drawings' names) says so until it is saved.
 */
export function BuildingLevelsForm({
  projectId,
  building,
  fileNames,
  levelWalls,
}: {
  projectId: string;
  building: ProjectBuilding;
  fileNames: Record<string, string>;
  /** Each level's walls on its own floor, in the order of the building's levels (for the placement view). */
  levelWalls?: readonly (readonly LevelWall[])[];
}) {
  const client = useQueryClient();
  // Each row keeps a key of its own: the form has the same levels in the same order while it is open.
  const [rows, setRows] = useState(() =>
    building.levels.map((level, n) => ({ level, key: `${level.fileId}#${n}` })),
  );
  const levels = rows.map((row) => row.level);
  const [busy, setBusy] = useState(false);
  const captionId = useId();
  const change = (key: string, patch: Partial<Level>) =>
    setRows((current) =>
      current.map((row) => (row.key === key ? { ...row, level: { ...row.level, ...patch } } : row)),
    );
  async function save() {
    setBusy(true);
    try {
      const { building: saved } = await saveBuilding(projectId, levels);
      client.setQueryData(buildingKeys.building(projectId), saved);
      toast.success('Levels saved', { description: 'The building and its exports use them.' });
    } catch (error) {
      toast.error('Failed to save the levels', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-describedby={captionId}>
          <caption id={captionId} className="mb-2 text-left text-sm font-medium text-slate-900">
            Levels
            <span className="ml-2 font-normal text-slate-600">
              {building.proposed
                ? 'Proposed from the drawings’ names: check them and save.'
                : 'Saved. The building and its exports use them.'}
            </span>
          </caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Name
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Drawing
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Floor level (m)
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Turn
              </th>
              <th scope="col" className="py-1 font-medium">
                Shift east, south (m)
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ level, key }, i) => (
              <tr key={key}>
                <td className="py-1 pr-2">
                  <Input
                    aria-label={`Name of level ${i + 1}`}
                    value={level.name}
                    maxLength={80}
                    onChange={(e) => change(key, { name: e.target.value })}
                    className="h-8"
                  />
                </td>
                <td className="max-w-40 truncate py-1 pr-2 text-slate-700">
                  {levelDrawing(level, fileNames)}
                </td>
                <td className="py-1 pr-2">
                  <Input
                    aria-label={`Floor level of ${level.name || `level ${i + 1}`} in metres`}
                    type="number"
                    step="0.01"
                    value={level.elevationM}
                    onChange={(e) => change(key, { elevationM: Number(e.target.value) })}
                    className="h-8 w-28"
                  />
                </td>
                <td className="py-1">
                  <select
                    aria-label={`Turn of ${level.name || `level ${i + 1}`}`}
                    value={level.rotationDeg}
                    onChange={(e) =>
                      change(key, { rotationDeg: Number(e.target.value) as Level['rotationDeg'] })
                    }
                    className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
                  >
                    {TURNS.map((turn) => (
                      <option key={turn} value={turn}>
                        {`${turn}°`}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-1">
                  <div className="flex gap-1">
                    {(['east', 'south'] as const).map((direction, axis) => (
                      <Input
                        key={direction}
                        aria-label={`Shift ${direction} of ${level.name || `level ${i + 1}`} in metres`}
                        type="number"
                        step="0.05"
                        value={level.offsetM[axis]}
                        onChange={(e) => {
                          const offsetM: Level['offsetM'] = [...level.offsetM];
                          offsetM[axis] = Number(e.target.value);
                          change(key, { offsetM });
                        }}
                        className="h-8 w-20"
                      />
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {levelWalls ? (
        <LevelPlacement
          levels={levels}
          walls={levelWalls}
          onShift={(index, offsetM) => change(rows[index]!.key, { offsetM })}
        />
      ) : null}
      <Button type="submit" size="sm" className="self-start" disabled={busy}>
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? 'Saving...' : 'Save levels'}
      </Button>
    </form>
  );
}
