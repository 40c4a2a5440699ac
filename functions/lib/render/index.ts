export { analyseDrawing } from './analyse';
export {
  type ImageProvider,
  type ImageRequest,
  type ImageResult,
  localImageProvider,
  renderVariation,
  renderVariations,
} from './provider';
export { STYLES, type Style, styleFromPrompt, VARIATIONS, type Variation } from './styles';
