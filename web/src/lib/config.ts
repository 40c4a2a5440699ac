import { type RuntimeConfig, runtimeConfigSchema } from '@shared/schemas/config';

let current: RuntimeConfig | undefined;

/**
 * Fetches and validates `/config.json` once, before the app renders. The host serves it `no-cache` (revalidated on
 * every load), and index.html preloads it: the request must stay a plain CORS-mode GET to reuse that preload.
 */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success)
    throw new Error(`Invalid ${url}: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  current = parsed.data;
  return current;
}

/** The runtime configuration; only valid after `loadConfig`. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded');
  return current;
}
