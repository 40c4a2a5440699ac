/** Where a file's plan model is stored in the renders bucket (kept apart so deletions need no schema code). */
export const planKey = (fileId: string) => `plans/${fileId}.json`;

/** Where the user's edits to a file's plan are kept: applied on top of every reading of the drawing. */
export const planEditsKey = (fileId: string) => `plans/${fileId}.edits.json`;
