/** Every key of the single table is built here. */
export const keys = {
  profile: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  profileIndex: (createdAt: string, userId: string) => ({
    GSI1PK: 'PROFILES',
    GSI1SK: `${createdAt}#${userId}`,
  }),
  project: (projectId: string) => ({ PK: `PROJECT#${projectId}`, SK: 'PROJECT' }),
  projectPartition: (projectId: string) => `PROJECT#${projectId}`,
  /** The owner's dashboard: newest updatedAt first. */
  projectIndex: (userId: string, updatedAt: string, projectId: string) => ({
    GSI1PK: `USER#${userId}`,
    GSI1SK: `${updatedAt}#${projectId}`,
  }),
  userProjectsPartition: (userId: string) => `USER#${userId}`,
  file: (projectId: string, fileId: string) => ({ PK: `PROJECT#${projectId}`, SK: `FILE#${fileId}` }),
  render: (projectId: string, renderId: string) => ({ PK: `PROJECT#${projectId}`, SK: `RENDER#${renderId}` }),
  job: (projectId: string, jobId: string) => ({ PK: `PROJECT#${projectId}`, SK: `JOB#${jobId}` }),
  share: (token: string) => ({ PK: `SHARE#${token}`, SK: 'SHARE' }),
  setting: (key: string) => ({ PK: 'SETTING', SK: key }),
  settingsPartition: 'SETTING',
  template: (templateId: string) => ({ PK: 'TEMPLATE', SK: templateId }),
  templatesPartition: 'TEMPLATE',
  generation: (projectId: string, generationId: string) => ({
    PK: `PROJECT#${projectId}`,
    SK: `GEN#${generationId}`,
  }),
  idempotency: (userId: string, key: string) => ({ PK: `IDEMPOTENCY#${userId}`, SK: key }),
  /** Per-user generation quota: running count and per-day count. */
  usage: (userId: string) => ({ PK: `USER#${userId}`, SK: 'USAGE' }),
  stats: (bucket: 'TOTAL' | `DAY#${string}`) => ({ PK: 'STATS', SK: bucket }),
};

export const SK_PREFIX = { file: 'FILE#', render: 'RENDER#', job: 'JOB#', generation: 'GEN#' } as const;
