export { localImageProvider } from './provider';
