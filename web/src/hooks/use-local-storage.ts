import { useCallback, useState } from 'react';

/** A string-valued state kept in localStorage under `key`; `allowed` guards against stale or foreign values. */
export function useLocalStorage<T extends string>(
  key: string,
  initial: T,
  allowed: readonly T[],
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = window.localStorage.getItem(key);
      return stored && (allowed as readonly string[]).includes(stored) ? (stored as T) : initial;
    } catch {
      return initial;
    }
  });
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // Private mode or a full quota: the choice just isn't remembered.
      }
    },
    [key],
  );
  return [value, update];
}
