import type { PlanModel } from '@shared/plan/schema';
import { buildScene } from '@shared/scene/build';
import type { ProjectFile } from '@shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { Box } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { planQueryOptions } from '@/features/plan';
import { ModelViewer } from '@/features/viewer';
import { errorMessage } from '@/lib/utils';
import { downloadModel } from '../api/files';

/**
 * The "3D Model" tab: the model built from what Planform read in one of the project's drawings (three.js loads
 * with this tab only). Loaded lazily by the project page.
 */
export function ModelTab({ files }: { files: ProjectFile[] }) {
  const initial = files.find((f) => f.planStatus === 'ready') ?? files[0];
  const [fileId, setFileId] = useState(initial?.id ?? '');
  const file = files.find((f) => f.id === fileId) ?? initial;
  const selectId = useId();
  if (!file) return null;
  return (
    <div className="flex flex-col gap-4">
      {files.length > 1 ? (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={selectId} className="font-medium text-slate-700">
            Drawing
          </label>
          <select
            id={selectId}
            value={file.id}
            onChange={(e) => setFileId(e.target.value)}
            className="h-9 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {files.map((f) => (
              <option key={f.id} value={f.id}>
                {f.originalName}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FileModel key={file.id} file={file} />
    </div>
  );
}

function FileModel({ file }: { file: ProjectFile }) {
  const query = useQuery(planQueryOptions(file.projectId, file.id));
  const plan = query.data;
  if (query.isError) return <Alert>{errorMessage(query.error)}</Alert>;
  if (!plan || plan.status === 'processing')
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-4" /> Planform is still reading {file.originalName}. The 3D model appears as
        soon as it is read.
      </p>
    );
  if (plan.status === 'failed')
    return <Alert>{plan.message ?? 'Planform could not read this drawing.'}</Alert>;
  if (!plan.walls.length)
    return (
      <Alert>
        {`No walls were found in ${file.originalName}, so there is no 3D model to show.`}
        {plan.message ? ` ${plan.message}` : ''}
      </Alert>
    );
  return <PlanModelView plan={plan} file={file} />;
}

function PlanModelView({ plan, file }: { plan: PlanModel; file: ProjectFile }) {
  const scene = useMemo(() => buildScene(plan), [plan]);
  const [busy, setBusy] = useState(false);
  async function exportGlb() {
    setBusy(true);
    try {
      await downloadModel(file.projectId, file.id);
    } catch (error) {
      toast.error('Download failed', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <ModelViewer
      scene={scene}
      title={file.originalName}
      actions={
        <Button variant="outline" size="sm" onClick={exportGlb} disabled={busy}>
          {busy ? <Spinner className="size-4" /> : <Box aria-hidden="true" />}
          {busy ? 'Preparing...' : 'Export .glb'}
        </Button>
      }
    />
  );
}

function Alert({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
      {children}
    </p>
  );
}
