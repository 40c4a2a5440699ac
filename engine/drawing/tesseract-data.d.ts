/** The English traineddata for tesseract.js (npm `@tesseract.js-data/eng`): where its files are. */
declare module '@tesseract.js-data/eng' {
  const eng: { code: string; gzip: boolean; langPath: string };
  export default eng;
}
