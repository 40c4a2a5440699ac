/** A plan read that has not finished after this long is started again (an asynchronous invocation was lost). */
export const STALE_PLAN_MS = 10 * 60_000;

/** Whether the file's plan is being read right now (marked processing, and not so long ago that the read was lost). */
export function planReadInProgress(
  file: { planStatus?: string; planUpdatedAt?: string },
  now = Date.now(),
): boolean {
  if (file.planStatus !== 'processing' || !file.planUpdatedAt) return false;
  return now - Date.parse(file.planUpdatedAt) <= STALE_PLAN_MS;
}
