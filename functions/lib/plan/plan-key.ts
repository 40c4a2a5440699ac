/** Where a file's plan model is stored in the renders bucket (kept apart so deletions need no schema code). */
export const planKey = (fileId: string) => `plans/${fileId}.json`;

/** Where the plan of another storey the file holds (another page or view of it) is stored. */
export const storeyPlanKey = (fileId: string, viewId: string) => `plans/${fileId}.${viewId}.json`;

/** Where the drawing's own lines that were not read as walls are kept (what the plan editor snaps to). */
export const drawingLinesKey = (fileId: string) => `plans/${fileId}.lines.json`;

/** Where the user's edits to a file's plan are kept: applied on top of every reading of the drawing. */
export const planEditsKey = (fileId: string) => `plans/${fileId}.edits.json`;

/** Where one chunk of the user's edits is kept (see `FileItem.planEditChunks`). */
export const planEditChunkKey = (fileId: string, chunkId: string) => `plans/${fileId}.edits.${chunkId}.json`;

/** Every key a file's edits are kept at: the one object of files edited before chunks, and each chunk. */
export const planEditKeys = (file: { id: string; planEditChunks?: readonly string[] }) => [
  planEditsKey(file.id),
  ...(file.planEditChunks ?? []).map((chunkId) => planEditChunkKey(file.id, chunkId)),
];
