export { detectFormat } from './detect';
export { LIMITS as DRAWING_LIMITS } from './limits';
export { normaliseDrawing } from './normalise';
export type * from './types';
