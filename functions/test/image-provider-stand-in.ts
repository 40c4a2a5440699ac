/**
 * Puts a test's own image provider in place of the one the settings choose, for the tests that run the Generate
 * task in-process (functions/workflow). Production code has no seam for it: each such test file mocks
 * `getImageProvider` of functions/lib/providers to ask here first, with
 *
 *   vi.mock('../lib/providers', async (importOriginal) =>
 *     (await import('../test/image-provider-stand-in')).withStandIn(await importOriginal()));
 */
import type { ImageProviderId } from '../../shared/domain';
import type { ImageProvider } from '../lib/providers/types';

let standIn: ImageProvider | null = null;

/** While set, every generation uses `provider`, whatever the id; null restores the real providers. */
export function overrideImageProvider(provider: ImageProvider | null): void {
  standIn = provider;
}

/** The providers module with `getImageProvider` asking for the stand-in first. */
export function withStandIn<M extends { getImageProvider: (id: ImageProviderId) => ImageProvider }>(
  actual: M,
): M {
  return { ...actual, getImageProvider: (id: ImageProviderId) => standIn ?? actual.getImageProvider(id) };
}
