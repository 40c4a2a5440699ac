/** Where a file's plan model is stored in the renders bucket (kept apart so deletions need no schema code). */
export const planKey = (fileId: string) => `plans/${fileId}.json`;
