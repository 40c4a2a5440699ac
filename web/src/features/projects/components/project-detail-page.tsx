import { RECENT_ACTIVITY_PROMPT_CHARS, RECENT_ACTIVITY_RENDERS } from '@shared/constants';
import { variationName } from '@shared/domain';
import type { ProjectDetail, ProjectRender } from '@shared/schemas/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  Box,
  Download,
  FileText,
  FolderX,
  Images,
  ScanSearch,
  Settings,
  Share2,
} from 'lucide-react';
import {
  type ComponentProps,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ImageViewerDialog, type ViewerImage } from '@/components/image-viewer-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import type { PlanTarget } from '@/features/plan';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { downloadFile, downloadModel } from '../api/files';
import { projectQueryOptions } from '../api/projects';
import { DownloadButton } from './download-button';
import { FileCard } from './file-card';
import { PlanVerdictBadge } from './plan-verdict-badge';
import { ProjectSettingsDialog } from './project-settings-dialog';
import { RendersList } from './renders-tab';
import { ShareDialog } from './share-dialog';
import { StatusBadge } from './status-badge';

// The plan overlay (and the full schema it validates with) loads only when a user opens it.
const PlanDialog = lazy(() => import('@/features/plan/dialog').then((m) => ({ default: m.PlanDialog })));
// three.js and the scene builder load only on the project page: when it is idle (usePrefetchModel) or when the
// 3D Model tab opens. Once loaded, the tab renders the module directly: a lazy component suspends at least once,
// and React holds a suspended reveal back (bench:viewer, 20,000 walls: 2.86 s without this, 2.28 s with it).
let modelModule: typeof import('./model-tab') | null = null;
const loadModelModule = () =>
  import('./model-tab').then((m) => {
    modelModule = m;
    return m;
  });
const LazyModelTab = lazy(() => loadModelModule().then((m) => ({ default: m.ModelTab })));

function ModelTab(props: ComponentProps<typeof LazyModelTab>) {
  const Loaded = modelModule?.ModelTab ?? LazyModelTab;
  return <Loaded {...props} />;
}

const TABS = ['overview', 'files', 'renders', 'model'] as const;
type TabValue = (typeof TABS)[number];

/** "Render completed: " and the start of the prompt, for the 3 newest completed renders. */
export function recentActivity(renders: ProjectRender[]) {
  return renders
    .filter((r) => r.status === 'completed')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, RECENT_ACTIVITY_RENDERS)
    .map((r) => {
      const cut = r.prompt.slice(0, RECENT_ACTIVITY_PROMPT_CHARS);
      return {
        id: r.id,
        text: `Render completed: ${cut}${r.prompt.length > RECENT_ACTIVITY_PROMPT_CHARS ? '...' : ''}`,
        variation: r.variation ? variationName(r.variation) : null,
        createdAt: r.createdAt,
      };
    });
}

/** A project with its files and renders (owner only). */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(projectQueryOptions(id));
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const failed = query.isError && !query.data && !notFound;

  useEffect(() => {
    if (!failed) return;
    toast.error('Error', { description: 'Failed to load project details' });
    navigate('/dashboard', { replace: true });
  }, [failed, navigate]);

  if (query.isPending || failed) return <LoadingScreen label="Loading project" />;
  if (notFound || !query.data) return <ProjectNotFound />;
  return <ProjectView project={query.data} />;
}

function ProjectNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <FolderX aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="text-2xl font-semibold text-slate-900">Project not found</h1>
      <p className="text-slate-600">The project you're looking for doesn't exist.</p>
      <Link to="/dashboard" className={buttonVariants()}>
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
    </div>
  );
}

function ProjectView({ project }: { project: ProjectDetail }) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabValue = TABS.includes(tabParam as TabValue) ? (tabParam as TabValue) : 'overview';
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [viewing, setViewing] = useState<ViewerImage | null>(null);
  const [planTarget, setPlanTarget] = useState<PlanTarget | null>(null);

  const files = project.files.filter((f) => f.status === 'uploaded');
  const renders = project.renders;
  const modelFileId = files.find((f) => f.planStatus === 'ready')?.id;
  // The tabs' column: as wide as the 3D view will be, so the renderer is sized for it ahead.
  const tabsColumn = useRef<HTMLDivElement>(null);
  usePrefetchModel(project.id, modelFileId, tabsColumn);

  function selectTab(value: string) {
    // User timing for bench:viewer (and field measurements): the tab opened → the model's first frame.
    if (value === 'model') performance.mark('planform:model-tab');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4">
        <Link to="/dashboard" className={buttonVariants({ variant: 'ghost', className: 'self-start -ml-3' })}>
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="break-words text-3xl font-semibold tracking-tight text-slate-900">
              {project.title}
            </h1>
            {project.description ? (
              <p className="mt-2 whitespace-pre-line text-slate-600">{project.description}</p>
            ) : null}
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="outline" onClick={() => setSharing(true)}>
              <Share2 aria-hidden="true" />
              Share
            </Button>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Settings aria-hidden="true" />
              Settings
            </Button>
          </div>
        </div>
      </div>

      <section aria-label="Project summary">
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <SummaryItem label="Status">
            <StatusBadge status={project.status} />
          </SummaryItem>
          <SummaryItem label="Files">{files.length}</SummaryItem>
          <SummaryItem label="Renders">{renders.length}</SummaryItem>
          <SummaryItem label="Created" className="text-base">
            <time dateTime={project.createdAt}>{formatDateTime(project.createdAt)}</time>
          </SummaryItem>
        </dl>
      </section>

      <div ref={tabsColumn}>
        <Tabs value={tab} onValueChange={selectTab}>
          <TabList aria-label="Project sections">
            <Tab value="overview">Overview</Tab>
            <Tab value="files">Files ({files.length})</Tab>
            <Tab value="renders">Renders ({renders.length})</Tab>
            <Tab value="model">3D Model</Tab>
          </TabList>

          <TabPanel value="overview">
            <div className="grid gap-6 md:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle as="h2" className="text-lg">
                    Project Details
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="flex flex-col gap-4 text-sm">
                    <div>
                      <dt className="font-medium text-slate-500">Created</dt>
                      <dd className="mt-1 text-slate-900">
                        <time dateTime={project.createdAt}>{formatDateTime(project.createdAt)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt className="font-medium text-slate-500">Last Updated</dt>
                      <dd className="mt-1 text-slate-900">
                        <time dateTime={project.updatedAt}>{formatDateTime(project.updatedAt)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt className="font-medium text-slate-500">Tags</dt>
                      <dd className="mt-1">
                        {project.tags.length > 0 ? (
                          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
                            {project.tags.map((tag) => (
                              <li key={tag}>
                                <Badge>{tag}</Badge>
                              </li>
                            ))}
                          </ul>
                        ) : (
                          <span className="text-slate-600">No tags</span>
                        )}
                      </dd>
                    </div>
                  </dl>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle as="h2" className="text-lg">
                    Recent Activity
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <RecentActivity renders={renders} />
                </CardContent>
              </Card>
            </div>
          </TabPanel>

          <TabPanel value="files">
            {files.length === 0 ? (
              <EmptyState
                icon={<FileText aria-hidden="true" className="size-10 text-slate-400" />}
                title="No files uploaded"
                text="Upload files to get started with rendering."
              />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {files.map((file) => (
                  <li key={file.id}>
                    <FileCard
                      name={file.originalName}
                      fileType={file.fileType}
                      sizeBytes={file.sizeBytes}
                      previewUrl={file.previewUrl}
                      createdAt={file.createdAt}
                      actions={
                        <>
                          <DownloadButton
                            icon={Download}
                            label="Download"
                            busyLabel="Downloading..."
                            ariaLabel={`Download ${file.originalName}`}
                            download={() => downloadFile(file.projectId, file.id)}
                          />
                          {file.planStatus === 'ready' ? (
                            <DownloadButton
                              icon={Box}
                              label="3D model"
                              busyLabel="Preparing..."
                              ariaLabel={`Export the 3D model of ${file.originalName} (.glb)`}
                              download={() => downloadModel(file.projectId, file.id)}
                            />
                          ) : null}
                          <Button
                            variant="outline"
                            size="sm"
                            onClick={() =>
                              setPlanTarget({
                                projectId: file.projectId,
                                fileId: file.id,
                                fileName: file.originalName,
                                previewUrl: file.previewUrl,
                              })
                            }
                            aria-label={`What Planform read in ${file.originalName}`}
                          >
                            <ScanSearch aria-hidden="true" />
                            What Planform read
                          </Button>
                          <PlanVerdictBadge verdict={file.planVerdict} fileName={file.originalName} />
                        </>
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </TabPanel>

          <TabPanel value="renders">
            {renders.length === 0 ? (
              <EmptyState
                icon={<Images aria-hidden="true" className="size-10 text-slate-400" />}
                title="No renders yet"
                text="Start rendering to see your visualizations here."
              />
            ) : (
              <RendersList project={project} onView={setViewing} />
            )}
          </TabPanel>

          <TabPanel value="model">
            {tab !== 'model' ? null : files.length === 0 ? (
              <EmptyState
                icon={<Box aria-hidden="true" className="size-10 text-slate-400" />}
                title="No files uploaded"
                text="Upload a drawing to see its 3D model."
              />
            ) : (
              <Suspense fallback={<LoadingScreen label="Loading the 3D viewer" />}>
                <ModelTab
                  projectId={project.id}
                  files={files.map((f) => ({ id: f.id, name: f.originalName, planStatus: f.planStatus }))}
                />
              </Suspense>
            )}
          </TabPanel>
        </Tabs>
      </div>

      <ShareDialog project={sharing ? project : null} onClose={() => setSharing(false)} />
      <ProjectSettingsDialog project={project} open={editing} onOpenChange={setEditing} />
      <ImageViewerDialog image={viewing} onClose={() => setViewing(null)} />
      {planTarget ? (
        <Suspense fallback={null}>
          <PlanDialog target={planTarget} onClose={() => setPlanTarget(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Once the page is idle, loads the 3D viewer's code and the plan its tab opens on, so opening the tab draws the
 * model at once instead of downloading three.js first.
 */
function usePrefetchModel(
  projectId: string,
  fileId: string | undefined,
  column: RefObject<HTMLElement | null>,
) {
  const client = useQueryClient();
  useEffect(() => {
    if (!fileId) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => {
      // Through loadModelModule: the tab then renders the loaded module at once instead of a lazy component,
      // which would suspend once and hold the model back (React throttles a suspended reveal by 300 ms).
      void loadModelModule()
        .then((m) => m.prefetchModel(client, projectId, fileId, column.current))
        .catch(() => undefined);
    });
    return () => cancel(handle);
  }, [client, projectId, fileId, column]);
}

function SummaryItem({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className={cn('text-lg font-semibold text-slate-900', className)}>{children}</dd>
    </Card>
  );
}

function RecentActivity({ renders }: { renders: ProjectRender[] }) {
  const items = recentActivity(renders);
  if (items.length === 0) return <p className="text-sm text-slate-600">No recent activity</p>;
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-3 text-sm">
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-emerald-500" />
          <div className="min-w-0">
            <p className="break-words text-slate-900">{item.text}</p>
            <p className="text-xs text-slate-500">
              {item.variation ? `${item.variation} · ` : null}
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center">
      {icon}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="text-slate-600">{text}</p>
    </Card>
  );
}
