export { analyseDrawing } from './analyse';
export {
  localImageProvider,
  renderVariation,
  renderVariations,
} from './provider';
export { STYLES, type Style, styleFromPrompt, VARIATIONS, type Variation } from './styles';
