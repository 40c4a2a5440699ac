import { useId } from 'react';

/** How closely the images follow the drawing, in words, for a fidelity between 0 and 1. */
export function fidelityBand(value: number): { name: string; hint: string } {
  if (value <= 0.3) return { name: 'Creative', hint: 'Loose interpretation of the drawing, with new ideas.' };
  if (value >= 0.85)
    return { name: 'Precise', hint: 'Follows the walls and openings of the drawing closely.' };
  return { name: 'Balanced', hint: 'Keeps the layout of the drawing, free with materials and details.' };
}

/** The "Creative ↔ Precise" range input (0 creative … 1 precise). */
export function FidelityControl({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const band = fidelityBand(value);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium leading-none text-slate-800">
          Fidelity
        </label>
        <span className="text-xs font-medium text-slate-600" aria-hidden="true">
          {band.name} · {value.toFixed(2)}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={value}
        disabled={disabled}
        aria-valuetext={`${value.toFixed(2)}, ${band.name.toLowerCase()}`}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-2 w-full cursor-pointer accent-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
      />
      <div className="flex justify-between text-xs font-medium text-slate-600" aria-hidden="true">
        <span>Creative</span>
        <span>Precise</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {band.hint}
      </p>
    </div>
  );
}
