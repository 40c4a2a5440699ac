import type { PlanModel } from '@shared/plan/schema';
import { buildScene } from '@shared/scene/build';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Box } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { planQueryOptions } from '@/features/plan';
import { ModelViewer, warmRenderer } from '@/features/viewer';
import { errorMessage } from '@/lib/utils';
import { downloadModel, type ModelFormat } from '../api/files';
import { publicPlanQueryOptions } from '../api/public-plan';

export interface ModelFile {
  id: string;
  name: string;
  planStatus?: 'processing' | 'ready' | 'failed';
}

/** Whose plan: the owner's (signed in) or a share link's. */
type PlanSource = { projectId: string; token?: undefined } | { projectId: string; token: string };

/**
 * The 3D model built from what Planform read in one of the project's drawings, with a choice of drawing. three.js
 * loads with this module only (the pages import it lazily).
 */
function ModelPanel({
  files,
  source,
  onExport,
}: {
  files: ModelFile[];
  source: PlanSource;
  onExport?: (fileId: string, format: ModelFormat) => Promise<void>;
}) {
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
                {f.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FileModel key={file.id} file={file} source={source} onExport={onExport} />
    </div>
  );
}

/**
 * Fetches the plan the 3D Model tab opens on and creates the WebGL renderer, so the tab draws at once (the page
 * calls it when idle).
 */
export function prefetchModel(client: QueryClient, projectId: string, fileId: string): Promise<void> {
  warmRenderer();
  return client.prefetchQuery(planQueryOptions(projectId, fileId));
}

/** The owner's "3D Model" tab, with the glb export. */
export function ModelTab({ projectId, files }: { projectId: string; files: ModelFile[] }) {
  return (
    <ModelPanel
      files={files}
      source={{ projectId }}
      onExport={(fileId, format) => downloadModel(projectId, fileId, format)}
    />
  );
}

/** The share page's 3D view: read-only, through the link's token. */
export function PublicModel({
  projectId,
  token,
  files,
}: {
  projectId: string;
  token: string;
  files: ModelFile[];
}) {
  return <ModelPanel files={files} source={{ projectId, token }} />;
}

function FileModel({
  file,
  source,
  onExport,
}: {
  file: ModelFile;
  source: PlanSource;
  onExport?: (fileId: string, format: ModelFormat) => Promise<void>;
}) {
  const shared = source.token !== undefined;
  const owners = useQuery({ ...planQueryOptions(source.projectId, file.id), enabled: !shared });
  const links = useQuery({
    ...publicPlanQueryOptions(source.projectId, source.token ?? '', file.id),
    enabled: shared,
  });
  const query = shared ? links : owners;
  const plan = query.data;
  if (query.isError) return <Alert>{errorMessage(query.error)}</Alert>;
  if (!plan || plan.status === 'processing')
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-4" /> Planform is still reading {file.name}. The 3D model appears as soon as
        it is read.
      </p>
    );
  if (plan.status === 'failed')
    return <Alert>{plan.message ?? 'Planform could not read this drawing.'}</Alert>;
  if (!plan.walls.length)
    return (
      <Alert>
        {`No walls were found in ${file.name}, so there is no 3D model to show.`}
        {plan.message ? ` ${plan.message}` : ''}
      </Alert>
    );
  return <PlanModelView plan={plan} file={file} onExport={onExport} />;
}

function PlanModelView({
  plan,
  file,
  onExport,
}: {
  plan: PlanModel;
  file: ModelFile;
  onExport?: (fileId: string, format: ModelFormat) => Promise<void>;
}) {
  const scene = useMemo(() => buildScene(plan), [plan]);
  return (
    <ModelViewer
      scene={scene}
      title={file.name}
      actions={
        onExport ? (
          <>
            <ExportButton format="glb" label="Export .glb" onExport={() => onExport(file.id, 'glb')} />
            <ExportButton format="ifc" label="Export .ifc" onExport={() => onExport(file.id, 'ifc')} />
          </>
        ) : null
      }
    />
  );
}

function ExportButton({
  format,
  label,
  onExport,
}: {
  format: ModelFormat;
  label: string;
  onExport: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await onExport();
    } catch (error) {
      toast.error('Download failed', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={run}
      disabled={busy}
      title={format === 'ifc' ? 'IFC4, for BIM software' : 'glTF binary, for 3D software'}
    >
      {busy ? <Spinner className="size-4" /> : <Box aria-hidden="true" />}
      {busy ? 'Preparing...' : label}
    </Button>
  );
}

function Alert({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
      {children}
    </p>
  );
}
