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
  /** The project's building: its levels, as the user saved them. */
  building: (projectId: string) => ({ PK: `PROJECT#${projectId}`, SK: 'BUILDING' }),
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
  /** Per-user generation quota: how many of the user's generations are running. */
  usage: (userId: string) => ({ PK: `USER#${userId}`, SK: 'USAGE' }),
  /** Per-user generation quota: how many generations the user started on a UTC day (`yyyy-mm-dd`); expires. */
  dailyUsage: (userId: string, day: string) => ({ PK: `USER#${userId}`, SK: `USAGE#${day}` }),
  stats: (bucket: 'TOTAL' | `DAY#${string}`) => ({ PK: 'STATS', SK: bucket }),
  /** How many profiles hold each elevated role (attributes `admin`, `super_admin`): kept with every role change. */
  roleCounts: { PK: 'STATS', SK: 'ROLES' },
  profilesPartition: 'PROFILES',
  /** Uploads not completed yet, oldest first: what the local upload sweeper expires (DynamoDB TTL does in AWS). */
  pendingUploadsPartition: 'UPLOADS#pending',
  pendingUploadIndex: (createdAt: string, projectId: string, fileId: string) => ({
    GSI1PK: 'UPLOADS#pending',
    GSI1SK: `${createdAt}#${projectId}#${fileId}`,
  }),
  /** The admin AI queue: every job, newest first (GSI1 written by the generation flow). */
  jobsPartition: 'JOBS',
  /** The audit log: one partition, newest first by SK `<at>#<id>` (admin mutations are rare). */
  audit: (at: string, id: string) => ({ PK: 'AUDIT', SK: `${at}#${id}` }),
  auditPartition: 'AUDIT',
  /** Marks that the local cloud's first-start defaults (settings, templates) were written once. */
  seedMarker: (name: string) => ({ PK: 'SEED', SK: name }),
};

export const SK_PREFIX = { file: 'FILE#', render: 'RENDER#', job: 'JOB#', generation: 'GEN#' } as const;
