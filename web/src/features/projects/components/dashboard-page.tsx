import type { ProjectSummary } from '@shared/schemas/projects';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { FolderOpen, LayoutGrid, List, Plus, Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLocalStorage } from '@/hooks/use-local-storage';
import { cn } from '@/lib/utils';
import { projectsQueryOptions, STATUS_FILTERS, type StatusFilter } from '../api/projects';
import { DeleteProjectDialog } from './delete-project-dialog';
import { ProjectCard, type ProjectView } from './project-card';
import { ShareDialog } from './share-dialog';

export const VIEW_STORAGE_KEY = 'planform.dashboard.view';
export const SEARCH_DEBOUNCE_MS = 300;
const VIEWS: readonly ProjectView[] = ['grid', 'list'];

const FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All',
  draft: 'Draft',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** What an empty status filter (with no search typed) says. */
const EMPTY_FILTER_TEXT: Record<Exclude<StatusFilter, 'all'>, string> = {
  draft: 'No project is a draft: every project has been generated.',
  processing: 'No project is rendering right now.',
  completed: 'No project has finished renders yet.',
  failed: 'No project has a failed generation.',
};

/** The signed-in user's projects: search, status filter, grid or list, share and delete. */
export function DashboardPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [view, setView] = useLocalStorage<ProjectView>(VIEW_STORAGE_KEY, 'grid', VIEWS);
  const [shareTarget, setShareTarget] = useState<ProjectSummary | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<ProjectSummary | null>(null);

  const query = useInfiniteQuery({
    ...projectsQueryOptions({ status, q }),
    placeholderData: keepPreviousData,
  });
  const { data, isPending, isError, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage } =
    query;
  const projects = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);

  // One toast per failed load (the first page or a later one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt tells one failure from the next
  useEffect(() => {
    if (query.isError || query.isFetchNextPageError)
      toast.error('Error', { description: 'Failed to load projects. Please try again.' });
  }, [query.isError, query.isFetchNextPageError, query.errorUpdatedAt]);

  // A filtered page can come back empty with more to read: keep reading until something shows or the end.
  useEffect(() => {
    if (projects.length === 0 && hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError)
      void fetchNextPage();
  }, [projects.length, hasNextPage, isFetchingNextPage, fetchNextPage, query.isFetchNextPageError]);

  // Load the next page when the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const loading = isPending || (isPlaceholderData && projects.length === 0);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        title="Project Dashboard"
        subtitle="Manage your architectural visualizations"
        actions={
          <Link to="/upload" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            New Project
          </Link>
        }
      />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            type="search"
            aria-label="Search projects"
            placeholder="Search projects, tags..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
            <legend className="sr-only">Filter by status</legend>
            {STATUS_FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={status === value}
                onClick={() => setStatus(value)}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                  status === value
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {FILTER_LABELS[value]}
              </button>
            ))}
          </fieldset>
          <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1">
            <legend className="sr-only">View</legend>
            {VIEWS.map((value) => {
              const Icon = value === 'grid' ? LayoutGrid : List;
              return (
                <button
                  key={value}
                  type="button"
                  aria-label={value === 'grid' ? 'Grid view' : 'List view'}
                  aria-pressed={view === value}
                  onClick={() => setView(value)}
                  className={cn(
                    'rounded-md p-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                    view === value
                      ? 'bg-white text-slate-900 shadow-sm'
                      : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </button>
              );
            })}
          </fieldset>
        </div>
      </div>

      {loading ? (
        <p role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
          <Spinner />
          Loading projects...
        </p>
      ) : isError && projects.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
          <p className="text-slate-700">Your projects could not be loaded.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Card>
      ) : projects.length === 0 && !hasNextPage ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
          <FolderOpen aria-hidden="true" className="size-10 text-slate-400" />
          <h2 className="text-lg font-semibold text-slate-900">No projects found</h2>
          <p className="text-slate-600">
            {q !== ''
              ? 'Try adjusting your search terms'
              : status !== 'all'
                ? EMPTY_FILTER_TEXT[status]
                : 'Create your first project to get started'}
          </p>
          <Link to="/upload" className={buttonVariants({ className: 'mt-2' })}>
            <Plus aria-hidden="true" />
            Create New Project
          </Link>
        </Card>
      ) : (
        <section
          aria-label="Projects"
          aria-busy={query.isFetching || undefined}
          className="flex flex-col gap-6"
        >
          <ul
            data-view={view}
            className={cn(
              'grid gap-4',
              view === 'grid' ? 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1',
              isPlaceholderData && 'opacity-60',
            )}
          >
            {projects.map((project) => (
              <li key={project.id}>
                <ProjectCard
                  project={project}
                  view={view}
                  onShare={setShareTarget}
                  onDelete={setDeleteTarget}
                />
              </li>
            ))}
          </ul>
          {hasNextPage ? (
            <div ref={sentinel} className="flex justify-center">
              <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? <Spinner className="size-4" /> : null}
                {isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </section>
      )}

      <ShareDialog project={shareTarget} onClose={() => setShareTarget(null)} />
      <DeleteProjectDialog project={deleteTarget} onClose={() => setDeleteTarget(null)} />
    </div>
  );
}
