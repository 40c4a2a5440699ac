/** bench/crash-safety: the checks and timings the run prints. */

export interface Check {
  check: string;
  expected: string | number;
  found: string | number;
  ok: boolean;
}
export const checks: Check[] = [];
export function check(
  name: string,
  expected: string | number,
  found: string | number,
  ok?: boolean,
): boolean {
  const passed = ok ?? String(expected) === String(found);
  checks.push({ check: name, expected, found, ok: passed });
  return passed;
}
export const timings: (string | number)[][] = [];
