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
