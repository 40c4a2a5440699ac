/** Where a file's plan model is stored in the renders bucket (kept apart so deletions need no schema code). */
export const planKey = (fileId: string) => `plans/${fileId}.json`;

/** Where the plan of another storey the file holds (another page or view of it) is stored. */
export const storeyPlanKey = (fileId: string, viewId: string) => `plans/${fileId}.${viewId}.json`;

/** Where the user's edits to a file's plan are kept: applied on top of every reading of the drawing. */
export const planEditsKey = (fileId: string) => `plans/${fileId}.edits.json`;
