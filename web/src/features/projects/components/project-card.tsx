import type { ProjectSummary } from '@shared/schemas/projects';
import { Calendar, FileText, ImageIcon, Images, Link2, Share2, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { formatDate, plural } from '@/lib/format';
import { cn } from '@/lib/utils';
import { StatusBadge, StatusIcon } from './status-badge';

export type ProjectView = 'grid' | 'list';

/** One project on the dashboard, as a card (grid) or a row (list). */
export function ProjectCard({
  project,
  view,
  onShare,
  onDelete,
}: {
  project: ProjectSummary;
  view: ProjectView;
  onShare: (project: ProjectSummary) => void;
  onDelete: (project: ProjectSummary) => void;
}) {
  const titleId = useId();
  const list = view === 'list';
  return (
    <article
      aria-labelledby={titleId}
      data-testid="project-card"
      className={cn(
        'flex h-full rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md',
        list ? 'flex-col gap-4 p-4 md:flex-row md:items-center' : 'flex-col overflow-hidden',
      )}
    >
      <ProjectThumbnail url={project.thumbnailUrl} list={list} />
      <div className={cn('flex min-w-0 flex-1 flex-col gap-3', !list && 'p-5')}>
        <div className="flex items-start gap-3">
          <StatusIcon status={project.status} className="mt-0.5" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="break-words text-base font-semibold text-slate-900">
              {project.title}
            </h2>
            {project.description && !list ? (
              <p className="mt-1 line-clamp-2 text-sm text-slate-600">{project.description}</p>
            ) : null}
          </div>
          <StatusBadge status={project.status} className="shrink-0" />
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <FileText aria-hidden="true" className="size-4" />
            {plural(project.fileCount, 'file')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Images aria-hidden="true" className="size-4" />
            {plural(project.renderCount, 'render')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Calendar aria-hidden="true" className="size-4" />
            <time dateTime={project.createdAt}>{formatDate(project.createdAt)}</time>
          </span>
          {project.shared ? (
            <span className="inline-flex items-center gap-1.5 text-sky-700" title="A read-only link is live">
              <Link2 aria-hidden="true" className="size-4" />
              Shared
            </span>
          ) : null}
        </p>
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
      <div className={cn('flex gap-2', list ? 'shrink-0' : 'mt-auto border-t border-slate-100 px-5 py-3')}>
        <Link
          to={`/projects/${project.id}`}
          aria-label={`Open ${project.title}`}
          className={buttonVariants({ size: 'sm', className: list ? '' : 'flex-1' })}
        >
          Open
        </Link>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Share ${project.title}`}
          onClick={() => onShare(project)}
        >
          <Share2 aria-hidden="true" />
          Share
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Delete ${project.title}`}
          className="text-red-700 hover:bg-red-50"
          onClick={() => onDelete(project)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </article>
  );
}

/**
 * The project's picture (its newest render, or its first drawing before any): a card-sized WebP, lazy-loaded, with
 * its box sized up front so the list does not jump; a quiet placeholder when there is none yet.
 */
function ProjectThumbnail({ url, list }: { url: string | null; list: boolean }) {
  const box = list
    ? 'aspect-video w-28 shrink-0 rounded-lg md:w-40'
    : 'aspect-video w-full border-b border-slate-100';
  if (!url)
    return (
      <div aria-hidden="true" className={cn(box, 'flex items-center justify-center bg-slate-100')}>
        <ImageIcon className="size-8 text-slate-300" />
      </div>
    );
  return (
    <img
      src={url}
      alt=""
      width={list ? 160 : 512}
      height={list ? 90 : 288}
      loading="lazy"
      decoding="async"
      className={cn(box, 'bg-slate-100 object-cover')}
    />
  );
}
