import type { FileType } from '@shared/domain';
import { fileExtension } from '@shared/schemas/project-rules';

const TYPE_LABELS: Record<FileType, string> = {
  image: 'Image',
  pdf: 'PDF',
  cad: 'CAD drawing',
  other: 'Other',
};

/** "Image (PNG)", "PDF", "CAD drawing (DXF)". */
export function fileTypeLabel(fileType: FileType | string, name?: string): string {
  const label = TYPE_LABELS[fileType as FileType] ?? 'Other';
  const ext = name ? fileExtension(name).toUpperCase() : '';
  return ext && ext !== label.toUpperCase() ? `${label} (${ext})` : label;
}
