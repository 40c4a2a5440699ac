export { UploadPage } from './components/upload-page';
