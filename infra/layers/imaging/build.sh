#!/usr/bin/env bash
# Builds the imaging layer for Lambda's linux-arm64 (glibc), at the versions the project locks, into
# infra/layers/imaging/dist/nodejs/node_modules: the native sharp and @napi-rs/canvas, and pdfjs-dist and
# libredwg-web, which load files (worker, .wasm) from beside themselves and so are not bundled, and tesseract.js
# (OCR: its worker script and tesseract.js-core's .wasm) with its English data (@tesseract.js-data/eng).
set -euo pipefail
cd "$(dirname "$0")"
root=../../..
version() { node -p "require('$root/node_modules/$1/package.json').version"; }
rm -rf dist && mkdir -p dist/nodejs
cd dist/nodejs
echo '{"private":true}' > package.json
npm install --no-audit --no-fund --omit=dev --os=linux --cpu=arm64 --libc=glibc \
  "sharp@$(version sharp)" "@napi-rs/canvas@$(version @napi-rs/canvas)" \
  "pdfjs-dist@$(version pdfjs-dist)" "@mlightcad/libredwg-web@$(version @mlightcad/libredwg-web)" \
  "tesseract.js@$(version tesseract.js)" "@tesseract.js-data/eng@$(version @tesseract.js-data/eng)"
# OCR runs its LSTM engine only (engine/drawing/ocr.ts): the cores without it and the legacy English data
# are never loaded, and would take 36 MB of the 250 MB Lambda allows.
rm -f node_modules/tesseract.js-core/tesseract-core{,-simd,-relaxedsimd}.{js,wasm,wasm.js}
rm -rf node_modules/@tesseract.js-data/eng/4.0.0
echo "Imaging layer built: $(du -sh node_modules | cut -f1)"
