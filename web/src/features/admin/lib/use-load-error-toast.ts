import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * Says "Error: <what failed>" in a toast (and logs the cause) each time a page's data fails to load: `failed` while
 * it has, `at` the time of the latest failure so a new failure says so again.
 */
export function useLoadErrorToast(what: string, failed: boolean, error: unknown, at: number): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, not per render of its error.
  useEffect(() => {
    if (!failed) return;
    console.error(what, error);
    toast.error('Error', { description: what });
  }, [failed, at]);
}
