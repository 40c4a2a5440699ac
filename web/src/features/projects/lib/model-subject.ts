/**
 * What the 3D Model tab shows besides one drawing's model: the whole building. Its value in the drawing selector,
 * and in "Open in 3D"'s navigation state for a render of the building.
 */
export const BUILDING = 'building';

/** Where "Open in 3D" opens a render: its drawing, or the whole building it was rendered from. */
export const modelSubjectOf = (render: { fileId: string | null; building?: boolean | undefined }) =>
  render.building ? BUILDING : render.fileId;
