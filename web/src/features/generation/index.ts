export { createGeneration, newIdempotencyKey } from './api/generations';
export { GenerationPanel } from './components/generation-panel';
export { GenerationSideCards } from './components/generation-side-cards';
export type { SourceDrawing } from './components/prompt-card';
export { type PromptState, usePromptState } from './hooks/use-prompt-state';
export { VARIATIONS } from './lib/visualizations';
