import { BookOpen, CircleHelp, Lightbulb, Palette } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { PromptState } from '../hooks/use-prompt-state';
import { EXAMPLE_STYLES } from '../lib/visualizations';
import { GuideDialog } from './guide-dialog';

const TIPS = [
  'Upload DXF or DWG plans for exact walls and openings; scans should be sharp and high-contrast.',
  'Start the prompt with the view you want: exterior, interior, isometric or aerial.',
  'Name materials, lighting and mood, e.g. “brick facade, warm evening light”.',
  'Slide towards Precise to keep the layout exact, towards Creative for concept ideas.',
  'Each generation gives three variations: lighting & materials, another camera, another time of day.',
];

/** Swatches that hint at each example style. */
const SWATCHES: Record<string, string> = {
  Photorealistic: 'from-sky-300 via-amber-100 to-emerald-300',
  Isometric: 'from-slate-200 via-indigo-200 to-slate-400',
  Artistic: 'from-rose-200 via-violet-200 to-teal-200',
};

/**
 * The upload page's side cards: Pro Tips, Example Styles (each fills the prompt) and Need Help? with the guide.
 * `ready` says whether the prompt field is on screen (a drawing has been uploaded).
 */
export function GenerationSideCards({ prompt, ready }: { prompt: PromptState; ready: boolean }) {
  const [guideOpen, setGuideOpen] = useState(false);
  const [picked, setPicked] = useState(false);

  return (
    <>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle as="h2" className="flex items-center gap-2 text-lg">
            <Lightbulb aria-hidden="true" className="size-5 text-amber-500" />
            Pro Tips
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-2.5 text-sm text-slate-700">
            {TIPS.map((tip) => (
              <li key={tip} className="flex gap-2">
                <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-indigo-500" />
                <span>{tip}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle as="h2" className="flex items-center gap-2 text-lg">
            <Palette aria-hidden="true" className="size-5 text-indigo-600" />
            Example Styles
          </CardTitle>
          <CardDescription>Click a style to use it as your prompt.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {EXAMPLE_STYLES.map((style) => {
            const active = prompt.prompt.trim() === style.prompt;
            return (
              <button
                key={style.name}
                type="button"
                aria-pressed={active}
                onClick={() => {
                  prompt.choose(style.prompt);
                  setPicked(true);
                }}
                className={cn(
                  'flex items-center gap-3 rounded-lg border p-2 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                  active ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn('size-10 shrink-0 rounded-md bg-gradient-to-br', SWATCHES[style.name])}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{style.name}</span>
                  <span className="block text-xs text-slate-600">{style.description}</span>
                </span>
              </button>
            );
          })}
          {picked && !ready ? (
            <p role="status" className="text-xs text-slate-600">
              Saved as your prompt. Upload a drawing to generate it.
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle as="h2" className="flex items-center gap-2 text-lg">
            <CircleHelp aria-hidden="true" className="size-5 text-indigo-600" />
            Need Help?
          </CardTitle>
          <CardDescription>
            Which drawings work best, how to write a prompt, and what the three variations are.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" className="w-full" onClick={() => setGuideOpen(true)}>
            <BookOpen aria-hidden="true" />
            View Guide
          </Button>
        </CardContent>
      </Card>

      <GuideDialog open={guideOpen} onOpenChange={setGuideOpen} />
    </>
  );
}
