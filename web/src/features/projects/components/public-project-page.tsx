import { variationOfStyle } from '@shared/domain';
import { useQuery } from '@tanstack/react-query';
import { Eye, FileText, Images, Link2Off } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ImageViewerDialog, type ViewerImage } from '@/components/image-viewer-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { publicProjectQueryOptions } from '../api/public';
import { FileCard } from './file-card';
import { RenderCard } from './render-card';

// three.js loads only when the shared project has a drawing with a model to show.
const PublicModel = lazy(() => import('./model-tab').then((m) => ({ default: m.PublicModel })));

export const LINK_UNAVAILABLE = 'This link is no longer available';

/** The read-only view a share link opens: no sign-in, no edit, delete or share controls. */
export function PublicProjectPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('k') ?? '';
  const query = useQuery({ ...publicProjectQueryOptions(id, token), enabled: token !== '' });
  const [viewing, setViewing] = useState<ViewerImage | null>(null);

  if (!token || (query.error instanceof ApiError && query.error.status === 404)) return <LinkUnavailable />;
  if (query.isPending) return <LoadingScreen label="Loading shared project" />;
  if (query.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">The project could not be loaded</h1>
        <p className="text-slate-600">Please check your connection and try again.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const project = query.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <Badge variant="info" className="self-start">
            <Eye aria-hidden="true" className="size-3" />
            Read-only access
          </Badge>
          <h1 className="break-words text-3xl font-semibold tracking-tight text-slate-900">
            {project.title}
          </h1>
          {project.description ? (
            <p className="whitespace-pre-line text-slate-600">{project.description}</p>
          ) : null}
          {project.tags.length > 0 ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
              {project.tags.map((tag) => (
                <li key={tag}>
                  <Badge>{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {project.thumbnailUrl ? (
          <img
            src={project.thumbnailUrl}
            alt=""
            width={320}
            height={180}
            decoding="async"
            className="aspect-video w-full shrink-0 rounded-xl border border-slate-200 bg-slate-100 object-cover sm:w-80"
          />
        ) : null}
      </header>

      <section aria-labelledby="public-renders" className="flex flex-col gap-4">
        <h2 id="public-renders" className="text-xl font-semibold text-slate-900">
          Renders ({project.renders.length})
        </h2>
        {project.renders.length === 0 ? (
          <Empty
            icon={<Images aria-hidden="true" className="size-8 text-slate-400" />}
            text="No renders yet"
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {project.renders.map((render, index) => (
              // Public renders carry no id; their order is stable (newest first).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={`${render.createdAt}-${index}`}>
                <RenderCard
                  variation={variationOfStyle(render.style)}
                  prompt={render.prompt}
                  imageUrl={render.previewUrl ?? render.imageUrl}
                  fullUrl={render.imageUrl}
                  createdAt={render.createdAt}
                  onViewFull={() =>
                    render.imageUrl &&
                    setViewing({ url: render.imageUrl, prompt: render.prompt, style: render.style })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {project.files.some((f) => f.planStatus === 'ready') ? (
        <section aria-labelledby="public-model" className="flex flex-col gap-4">
          <h2 id="public-model" className="text-xl font-semibold text-slate-900">
            3D Model
          </h2>
          <Suspense fallback={<LoadingScreen label="Loading the 3D viewer" className="min-h-40" />}>
            <PublicModel
              projectId={id}
              token={token}
              files={project.files
                .filter((f) => f.planStatus === 'ready')
                .map((f) => ({ id: f.id, name: f.name, planStatus: f.planStatus }))}
            />
          </Suspense>
        </section>
      ) : null}

      <section aria-labelledby="public-files" className="flex flex-col gap-4">
        <h2 id="public-files" className="text-xl font-semibold text-slate-900">
          Files ({project.files.length})
        </h2>
        {project.files.length === 0 ? (
          <Empty icon={<FileText aria-hidden="true" className="size-8 text-slate-400" />} text="No files" />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {project.files.map((file, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: public files carry no id
              <li key={`${file.name}-${index}`}>
                <FileCard
                  name={file.name}
                  fileType={file.fileType}
                  sizeBytes={file.sizeBytes}
                  previewUrl={file.previewUrl}
                  createdAt={file.createdAt}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ImageViewerDialog image={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function Empty({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      {icon}
      <p className="text-slate-600">{text}</p>
    </Card>
  );
}

function LinkUnavailable() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Link2Off aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="text-2xl font-semibold text-slate-900">{LINK_UNAVAILABLE}</h1>
      <p className="text-slate-600">
        The owner may have stopped sharing this project, or the link is incomplete.
      </p>
      <Link to="/" className={buttonVariants()}>
        Go to Home
      </Link>
    </div>
  );
}
