export { analyseDrawing } from './analyse';
export {
  localImageProvider,
  renderVariation,
  renderVariations,
} from './provider';
