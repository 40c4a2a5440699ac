import type { FileStatus, ProjectSummary } from '@shared/schemas/projects';
import { createProjectSchema } from '@shared/schemas/projects';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/features/auth';
import { createProject, deleteProject, projectKeys } from '@/features/projects';
import { errorMessage } from '@/lib/utils';
import { completeUpload, requestUpload, sendToStorage } from '../api/uploads';
import { contentTypeOf, isImageFile } from '../lib/validate-file';

/** A file on the upload page (not persisted). */
export interface UploadItem {
  localId: string;
  file: File;
  /** An object URL for images, shown as a thumbnail. */
  preview: string | null;
  status: FileStatus;
  /** 0–100, from the upload's progress events. */
  progress: number;
  /** The stored file's id and path once the server knows it. */
  fileId?: string;
  storagePath?: string;
  error?: string;
}

export interface ProjectInfo {
  title: string;
  description: string;
  tags: string[];
}

/** How many files upload at once. */
const PARALLEL_UPLOADS = 3;

let counter = 0;
const localId = () => `upload-${Date.now().toString(36)}-${(counter++).toString(36)}`;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function previewOf(file: File): string | null {
  if (!isImageFile(file) || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(file);
}

function releasePreview(item: UploadItem) {
  if (item.preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(item.preview);
}

export type UploadOutcome = 'started' | 'signed-out' | 'no-title' | 'invalid' | 'create-failed';

/**
 * The upload page's state: the project is created on the first upload (from the project information), and every
 * later upload goes into the same project. Each file is registered, sent straight to storage with progress, and
 * then checked by the server.
 */
export function useProjectUpload() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [project, setProject] = useState<ProjectSummary | null>(null);
  const creating = useRef<Promise<ProjectSummary | null> | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  itemsRef.current = items;
  /** Files accepted into the project, and batches still uploading, over this visit. */
  const storedFiles = useRef(0);
  const batchesRunning = useRef(0);

  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const item of itemsRef.current) releasePreview(item);
    },
    [],
  );

  const update = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.localId === id ? { ...item, ...change } : item)));
  }, []);

  const ensureProject = useCallback(
    (info: ProjectInfo): Promise<ProjectSummary | null> => {
      if (project) return Promise.resolve(project);
      if (creating.current) return creating.current;
      const input = createProjectSchema.parse(info);
      creating.current = createProject(input)
        .then((created) => {
          setProject(created);
          toast.success('Project created successfully');
          void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
          return created;
        })
        .catch((error: unknown) => {
          creating.current = null;
          toast.error('Failed to create project', { description: errorMessage(error) });
          return null;
        });
      return creating.current;
    },
    [project, queryClient],
  );

  /** Whether the file was stored and accepted. */
  const uploadOne = useCallback(
    async (projectId: string, item: UploadItem): Promise<boolean> => {
      const controller = new AbortController();
      controllers.current.set(item.localId, controller);
      try {
        const ticket = await requestUpload(projectId, {
          name: item.file.name,
          size: item.file.size,
          contentType: contentTypeOf(item.file),
        });
        if (controller.signal.aborted) return false;
        update(item.localId, { fileId: ticket.file.id, storagePath: ticket.file.storagePath });
        let last = -1;
        await sendToStorage(ticket, item.file, {
          signal: controller.signal,
          onProgress: (fraction) => {
            const percent = Math.floor(fraction * 100);
            if (percent !== last) {
              last = percent;
              update(item.localId, { progress: percent });
            }
          },
        });
        const stored = await completeUpload(projectId, ticket.file.id);
        if (controller.signal.aborted) return false;
        update(item.localId, {
          status: 'uploaded',
          progress: 100,
          fileId: stored.id,
          storagePath: stored.storagePath,
        });
        return true;
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return false;
        const message = errorMessage(error, 'The upload failed');
        update(item.localId, { status: 'error', error: message });
        toast.error(`Failed to upload ${item.file.name}`, { description: message });
        return false;
      } finally {
        controllers.current.delete(item.localId);
        void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
        void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
      }
    },
    [update, queryClient],
  );

  /** A project created for files none of which could be used is deleted again: no empty project is left. */
  const rollBack = useCallback(
    async (target: ProjectSummary) => {
      try {
        await deleteProject(target.id);
      } catch {
        return; // It stays, empty; the user can delete it from the dashboard.
      }
      creating.current = null;
      setProject(null);
      toast.error('No project was created', {
        description:
          'None of the files could be used. Upload real images (JPG, PNG), PDFs or CAD drawings (DXF, DWG).',
      });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
    [queryClient],
  );

  /** Uploads accepted files into the project, creating it first if needed. */
  const upload = useCallback(
    async (files: File[], info: ProjectInfo): Promise<UploadOutcome> => {
      if (files.length === 0) return 'started';
      if (status !== 'signedIn') {
        toast.error('Please log in to upload files');
        return 'signed-out';
      }
      if (!project && !creating.current) {
        if (!info.title.trim()) {
          toast.error('Please enter a project title first');
          return 'no-title';
        }
        const parsed = createProjectSchema.safeParse(info);
        if (!parsed.success) {
          toast.error(parsed.error.issues[0]?.message ?? 'Please check the project information');
          return 'invalid';
        }
      }
      const createsProject = !project && !creating.current;
      const target = await ensureProject(info);
      if (!target) return 'create-failed';

      const added: UploadItem[] = files.map((file) => ({
        localId: localId(),
        file,
        preview: previewOf(file),
        status: 'uploading',
        progress: 0,
      }));
      setItems((list) => [...list, ...added]);

      const queue = [...added];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift())
          if (await uploadOne(target.id, next)) storedFiles.current++;
      };
      batchesRunning.current++;
      void Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker)).then(() => {
        batchesRunning.current--;
        if (createsProject && storedFiles.current === 0 && batchesRunning.current === 0)
          void rollBack(target);
      });
      return 'started';
    },
    [status, project, ensureProject, uploadOne, rollBack],
  );

  /** Takes a file off the list (an upload still running is cancelled). */
  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setItems((list) => {
      const item = list.find((i) => i.localId === id);
      if (item) releasePreview(item);
      return list.filter((i) => i.localId !== id);
    });
  }, []);

  return { items, project, upload, remove };
}
