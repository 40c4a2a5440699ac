import { QUICK_PROMPTS } from '@shared/constants';
import { PROMPT_MAX } from '@shared/schemas/generations';
import { Sparkles } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { PromptState } from '../hooks/use-prompt-state';
import { FidelityControl } from './fidelity-control';

/** An uploaded drawing a generation can start from. */
export interface SourceDrawing {
  /** The stored file's id. */
  id: string;
  name: string;
}

/** The source selector's value for the project's whole building. */
export const WHOLE_BUILDING = 'building';

const PLACEHOLDER =
  'Describe the view you want: e.g. "Photorealistic exterior view at golden hour, red brick facade, ' +
  'timber windows, landscaped front garden"';

/** The "AI Generation Prompt" card: prompt, quick prompts, source drawing, fidelity and the Generate button. */
export function PromptCard({
  prompt,
  files,
  fileId,
  buildingLevels,
  buildingProblem,
  onFileChange,
  fidelity,
  onFidelityChange,
  busy,
  onGenerate,
}: {
  prompt: PromptState;
  files: SourceDrawing[];
  /** The chosen drawing's id, or WHOLE_BUILDING. */
  fileId: string | undefined;
  /** How many levels the project's building has, when it has more than one: it can be the source. */
  buildingLevels?: number | undefined;
  /** Why the project's building could not be had (the whole building is then not offered). */
  buildingProblem?: string | undefined;
  onFileChange: (fileId: string) => void;
  fidelity: number;
  onFidelityChange: (value: number) => void;
  busy: boolean;
  onGenerate: () => void;
}) {
  const id = useId();
  const blank = prompt.prompt.trim() === '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onGenerate();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!busy) onGenerate();
    }
  }

  return (
    <Card data-testid="generation-prompt">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-5 text-indigo-600" />
          AI Generation Prompt
        </CardTitle>
        <CardDescription>
          Describe the visualization you want. Each generation creates three variations of your drawing.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="AI Generation Prompt">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-prompt`}>Prompt</Label>
            <Textarea
              ref={prompt.fieldRef}
              id={`${id}-prompt`}
              value={prompt.prompt}
              maxLength={PROMPT_MAX}
              rows={4}
              placeholder={PLACEHOLDER}
              onChange={(event) => prompt.setPrompt(event.target.value)}
              onKeyDown={onKeyDown}
              aria-describedby={`${id}-prompt-hint`}
            />
            <p id={`${id}-prompt-hint`} className="flex justify-between gap-2 text-xs text-slate-600">
              <span>Name the view, materials, lighting and mood. Ctrl + Enter generates.</span>
              <span className="shrink-0 tabular-nums">
                {prompt.prompt.length}/{PROMPT_MAX}
              </span>
            </p>
          </div>

          <fieldset className="m-0 min-w-0 border-0 p-0">
            <legend className="mb-2 p-0 text-sm font-medium leading-none text-slate-800">
              Quick prompts
            </legend>
            <div className="flex flex-wrap gap-2">
              {QUICK_PROMPTS.map((text) => {
                const active = prompt.prompt.trim() === text;
                return (
                  <button
                    key={text}
                    type="button"
                    aria-pressed={active}
                    onClick={() => prompt.choose(text)}
                    className={cn(
                      'rounded-full border px-3 py-1.5 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                      active
                        ? 'border-indigo-600 bg-indigo-600 text-white'
                        : 'border-slate-300 bg-white text-slate-700 hover:border-indigo-300 hover:bg-indigo-50',
                    )}
                  >
                    {text}
                  </button>
                );
              })}
            </div>
          </fieldset>

          {files.length > 1 || buildingLevels ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-file`}>Source drawing</Label>
              <select
                id={`${id}-file`}
                value={fileId ?? ''}
                onChange={(event) => onFileChange(event.target.value)}
                className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:border-indigo-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40"
              >
                {buildingLevels ? (
                  <option value={WHOLE_BUILDING}>{`Whole building (${buildingLevels} levels)`}</option>
                ) : null}
                {files.map((file) => (
                  <option key={file.id} value={file.id}>
                    {file.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {buildingProblem ? (
            <p role="status" className="text-xs text-slate-600">
              {buildingProblem}
            </p>
          ) : null}

          <FidelityControl value={fidelity} onChange={onFidelityChange} />

          {/* Busy, the button stays focusable (aria-disabled, clicks ignored): a disabled one would drop the
              keyboard user's focus to the page. */}
          <Button
            type="submit"
            size="lg"
            disabled={blank}
            aria-disabled={busy || undefined}
            className={cn('self-stretch sm:self-start', busy && 'cursor-not-allowed opacity-70')}
          >
            {busy ? <Spinner className="size-4 text-white" /> : <Sparkles aria-hidden="true" />}
            {busy ? 'Generating...' : 'Generate 3D Visualization'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
