import type { Scene } from '@shared/scene/types';
import { useId, useState } from 'react';

/**
 * Above this many rooms the picker's list is filled only once it is focused or pressed: hundreds of options cost the
 * 3D tab's first layout tens of milliseconds (a browser measures every option to size a select).
 */
export const ROOM_OPTIONS_UPFRONT = 100;

export function RoomPicker({
  rooms,
  value,
  onChoose,
}: {
  rooms: Scene['rooms'];
  value: string;
  onChoose: (value: string) => void;
}) {
  const id = useId();
  const [asked, setAsked] = useState(false);
  const listed = asked || rooms.length <= ROOM_OPTIONS_UPFRONT;
  const ask = () => setAsked(true);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium">
        View from room
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChoose(e.target.value)}
        onFocus={ask}
        onPointerDown={ask}
        className="h-9 w-56 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">Choose a room…</option>
        {(listed ? rooms : []).map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a scene's rooms never change order
          <option key={`${r.name}-${i}`} value={i}>
            {r.name} ({r.areaM2.toFixed(1)} m²)
          </option>
        ))}
      </select>
    </div>
  );
}
