import { AlertTriangle } from 'lucide-react';

/** What the renderer read from the prompt ("Walls: white render · Roof: flat") and the words that changed nothing. */
export function PromptReadingNote({
  reading,
}: {
  reading: { understood: string[]; notUnderstood: string[] } | null | undefined;
}) {
  if (!reading || (reading.understood.length === 0 && reading.notUnderstood.length === 0)) return null;
  return (
    <div className="flex flex-col gap-0.5 text-xs" data-testid="prompt-reading">
      {reading.understood.length > 0 ? (
        <p className="text-slate-600">
          <span className="font-medium text-slate-700">Understood: </span>
          {reading.understood.join(' · ')}
        </p>
      ) : null}
      {reading.notUnderstood.length > 0 ? (
        <p className="text-amber-800">
          <span className="font-medium">Not understood: </span>
          {reading.notUnderstood.join(', ')}
        </p>
      ) : null}
    </div>
  );
}

/** A completed render that kept too little of the 3D model: not a success, whatever it looks like. */
export function DesignLostNote() {
  return (
    <p
      className="flex items-center gap-1 text-xs font-medium text-amber-800"
      data-testid="design-lost"
      title="The image shows too little of the 3D model's edges from this camera to be your design"
    >
      <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0" />
      Did not keep the design
    </p>
  );
}

/** "Geometry kept: 92%": how much of the 3D model's lines, seen from the render's camera, the image shows. */
export function GeometryKeptNote({ kept }: { kept: number | null | undefined }) {
  if (kept === null || kept === undefined) return null;
  return (
    <p
      className="text-xs text-slate-600"
      data-testid="geometry-kept"
      title="The share of the 3D model's edges, seen from this camera, that the image shows"
    >
      Geometry kept: {Math.round(kept * 100)}%
    </p>
  );
}
