export { ModelViewer, NO_WEBGL_MESSAGE } from './components/model-viewer';
export { warmRenderer } from './lib/engine';
