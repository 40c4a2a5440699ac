export { ModelViewer, NO_WEBGL_MESSAGE, viewerCanvasSize } from './components/model-viewer';
export type { ViewMode } from './lib/engine';
export { warmModel, warmRenderer } from './lib/engine';
