/**
 * What the crash-safety bench's clients were told before the kill: every 2xx is a promise the data must keep
 * after the restart. Requests in flight at the kill are counted, since the server may or may not have done
 * them.
 */
import { createHash } from 'node:crypto';

export interface BenchUser {
  email: string;
  password: string;
  token: string;
  /** Cognito `sub`, the platform's user id. */
  userId: string;
  /** A project with an uploaded DXF, for generations. */
  drawingProjectId?: string;
}

/**
 * created: POST /files answered 201; stored: the presigned POST to S3 answered 2xx; completing: POST /complete
 * sent, no answer (killed); uploaded: POST /complete answered 200.
 */
export type FileState = 'created' | 'stored' | 'completing' | 'uploaded';

export interface FileRecord {
  id: string;
  projectId: string;
  name: string;
  sha256: string;
  size: number;
  state: FileState;
}

export interface ProjectRecord {
  id: string;
  owner: BenchUser;
  files: FileRecord[];
}

export interface GenerationRecord {
  id: string;
  projectId: string;
  owner: BenchUser;
  /** As last polled before the kill. */
  statusBeforeKill: string;
  rendersCompletedBeforeKill: number;
}

export class Ledger {
  readonly projects = new Map<string, ProjectRecord>();
  readonly files = new Map<string, FileRecord>();
  readonly generations: GenerationRecord[] = [];
  /** Requests with no answer because of a kill (the server may have done them). */
  readonly unanswered = { projectPosts: 0, filePosts: 0, s3Posts: 0, completes: 0 };
  /** Non-2xx answers, or network errors while the cloud was up: none are expected. */
  readonly unexpected: string[] = [];
  inFlight = 0;
  inFlightAtKill: Record<string, number> = {};

  addProject(id: string, owner: BenchUser): ProjectRecord {
    const record = { id, owner, files: [] };
    this.projects.set(id, record);
    return record;
  }

  addFile(projectId: string, id: string, name: string, bytes: Buffer): FileRecord {
    const record: FileRecord = {
      id,
      projectId,
      name,
      sha256: sha256(bytes),
      size: bytes.length,
      state: 'created',
    };
    this.files.set(id, record);
    this.projects.get(projectId)?.files.push(record);
    return record;
  }

  filesIn(state: FileState): FileRecord[] {
    return [...this.files.values()].filter((f) => f.state === state);
  }
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
