import { type RuntimeConfig, runtimeConfigSchema } from '@shared/schemas/config';

let current: RuntimeConfig | undefined;

/** Fetches and validates `/config.json` once, before the app renders. */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success)
    throw new Error(`Invalid ${url}: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  current = parsed.data;
  return current;
}

/** The runtime configuration; only valid after `loadConfig` (or `setConfig` in tests). */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded');
  return current;
}

export function setConfig(config: RuntimeConfig): void {
  current = config;
}
