import type { ProjectSummary } from '@shared/schemas/projects';
import type { UploadItem } from '../hooks/use-project-upload';

/**
 * ─── GENERATION SLOT ──────────────────────────────────────────────────────────────────────────────────────────
 * Where the generation section goes (another issue): the "AI Generation Prompt" card with the five quick prompts,
 * the "Generate 3D Visualization" button ("Generating..." while busy) and the "Generated Visualizations" grid.
 * The upload page renders this only once the project exists and at least one file is uploaded, and passes:
 * - `project`: the project created on the first upload;
 * - `files`: the uploaded items (`fileId` is the stored file's id for POST /api/projects/{id}/generations).
 * It renders nothing until then.
 * ─────────────────────────────────────────────────────────────────────────────────────────────────────────────
 */
export function GenerationSlot(_props: { project: ProjectSummary; files: UploadItem[] }) {
  return null;
}
