/**
 * How function code is bundled, shared by the CDK constructs and the benchmarks that measure a function as it is
 * deployed (no CDK imports here).
 */

/** Native or large modules that the imaging layer provides; bundles keep them external. */
export const LAYER_MODULES = [
  'sharp',
  '@napi-rs/canvas',
  'pdfjs-dist',
  '@mlightcad/libredwg-web',
  'tesseract.js',
  '@tesseract.js-data/eng',
];

/** An ESM bundle's `require` for the CommonJS modules bundled into it. */
export const ESM_REQUIRE_SHIM =
  "import { createRequire as __planformCreateRequire } from 'node:module'; const require = __planformCreateRequire(import.meta.url);";
