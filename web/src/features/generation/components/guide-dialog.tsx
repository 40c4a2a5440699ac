import { type ReactNode, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { VARIATIONS } from '../lib/visualizations';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <div className="flex flex-col gap-2 text-sm text-slate-700">{children}</div>
    </section>
  );
}

/** "View Guide": how to get good results, from the drawing to the prompt, the variations, fidelity and limits. */
export function GuideDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Start reading at the top, not at the button at the bottom.
  const start = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} initialFocus={start} className="max-w-2xl">
      <DialogHeader ref={start} tabIndex={-1} className="focus:outline-none">
        <DialogTitle>Getting great visualizations</DialogTitle>
        <DialogDescription>
          A short guide: which drawings to upload, how to write a prompt, and what the controls do.
        </DialogDescription>
      </DialogHeader>

      <div className="flex flex-col gap-5">
        <Section title="1. Upload the right drawing">
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <strong>DXF or DWG plans work best.</strong> Walls, doors and windows are read straight from the
              CAD geometry, so the layout comes out exact. Keep walls on a wall layer (such as A-WALL); layers
              that are switched off or frozen are left out, and text and dimensions are ignored. DWG from R13
              to 2018 is supported.
            </li>
            <li>
              <strong>PDFs</strong>: the page with the plan is found for you and read from its lines when it
              has them; pick another page in “What Planform read”. A plan exported from CAD works far better
              than a scan.
            </li>
            <li>
              <strong>Scans and photos (JPG, PNG)</strong> should be high-contrast, straight-on, cropped to
              the plan and sharp — dark lines on a white background, no shadows or folds.
            </li>
            <li>One plan per file; a floor plan gives the most reliable results.</li>
            <li>
              <strong>Check what was read</strong> in “What Planform read”, and fix it with{' '}
              <strong>Edit the plan</strong>: delete walls that are furniture, draw the walls that are
              missing, add doors and windows. The 3D model, its downloads and every new render use the edited
              plan.
            </li>
          </ul>
        </Section>

        <Section title="2. Write a clear prompt">
          <p>
            Start with the kind of view, then add materials, lighting, setting and mood. For example:{' '}
            <em>
              “Photorealistic exterior view, white render and oak cladding, late afternoon sun, mature trees.”
            </em>
          </p>
          <p>Short and specific beats long and vague. The quick prompts are a good starting point to edit.</p>
        </Section>

        <Section title="3. The three variations">
          <p>Every generation makes three images from the same prompt:</p>
          <ol className="list-decimal space-y-1 pl-5">
            {([1, 2, 3] as const).map((n) => (
              <li key={n}>
                <strong>{VARIATIONS[n].name}</strong> — {VARIATIONS[n].description.toLowerCase()}.
              </li>
            ))}
          </ol>
        </Section>

        <Section title="4. Creative or Precise">
          <p>
            The fidelity slider sets how closely the images follow your drawing. Towards{' '}
            <strong>Precise</strong>, walls and openings stay exactly where they are drawn — best for client
            presentations. Towards <strong>Creative</strong>, the AI takes more freedom — good for early
            concept ideas. The default (0.70) keeps the layout while leaving room for materials and details.
          </p>
        </Section>

        <Section title="5. Limits">
          <ul className="list-disc space-y-1 pl-5">
            <li>Files up to 100 MB each, in JPG, PNG, PDF, DWG or DXF.</li>
            <li>
              You can run a couple of generations at a time and a limited number per day. If you reach a
              limit, the message tells you when to try again.
            </li>
            <li>
              Every image is saved to your project. Links on this page expire after an hour; open the project
              to see them again.
            </li>
          </ul>
        </Section>
      </div>

      <DialogFooter>
        <Button onClick={() => onOpenChange(false)}>Got it</Button>
      </DialogFooter>
    </Dialog>
  );
}
