export { ModelViewer, NO_WEBGL_MESSAGE } from './components/model-viewer';
export type { ViewMode } from './lib/engine';
export { warmRenderer } from './lib/engine';
