import type { JobStatus } from '../../../shared/schemas/admin';
import { keys } from './keys';
import { batchGet, type IndexFilter, queryIndexPage, withoutKeys } from './paging';

/** An AI job as the generation flow writes it (PK PROJECT#<projectId>, SK JOB#<jobId>, GSI1 JOBS). */
export interface AiJobItem {
  id: string;
  userId?: string;
  projectId: string;
  renderId?: string;
  generationId?: string;
  jobType?: string;
  status: string;
  inputData?: Record<string, unknown>;
  outputData?: Record<string, unknown>;
  error?: string | null;
  createdAt: string;
  completedAt?: string | null;
}

const strip = (item: Record<string, unknown>) => withoutKeys<AiJobItem>(item);

/** The AI queue, newest first, optionally one status: one Query on GSI1 `JOBS` per page. */
export async function listJobs(options: {
  status: JobStatus | 'all';
  cursor?: string;
  limit: number;
}): Promise<{ items: AiJobItem[]; nextCursor: string | null }> {
  const filters: IndexFilter[] = [];
  if (options.status !== 'all')
    filters.push({
      expression: '#status = :status',
      names: { '#status': 'status' },
      values: { ':status': options.status },
    });
  const page = await queryIndexPage({
    partition: keys.jobsPartition,
    filters,
    cursor: options.cursor,
    limit: options.limit,
  });
  return { items: page.items.map(strip), nextCursor: page.nextCursor };
}

/** Project titles by id, for a page of jobs (one BatchGetItem); deleted projects are left out. */
export async function projectTitles(projectIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(projectIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(
    unique.map((id) => keys.project(id)),
    ['id', 'title'],
  );
  return new Map(items.map((item) => [item.id as string, String(item.title ?? '')]));
}
