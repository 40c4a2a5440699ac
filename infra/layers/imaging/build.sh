#!/usr/bin/env bash
# Builds the imaging layer for Lambda's linux-arm64 (glibc), at the versions the project locks, into
# infra/layers/imaging/dist/nodejs/node_modules: the native sharp and @napi-rs/canvas, and pdfjs-dist and
# libredwg-web, which load files (worker, .wasm) from beside themselves and so are not bundled.
set -euo pipefail
cd "$(dirname "$0")"
root=../../..
version() { node -p "require('$root/node_modules/$1/package.json').version"; }
rm -rf dist && mkdir -p dist/nodejs
cd dist/nodejs
echo '{"private":true}' > package.json
npm install --no-audit --no-fund --omit=dev --os=linux --cpu=arm64 --libc=glibc \
  "sharp@$(version sharp)" "@napi-rs/canvas@$(version @napi-rs/canvas)" \
  "pdfjs-dist@$(version pdfjs-dist)" "@mlightcad/libredwg-web@$(version @mlightcad/libredwg-web)"
echo "Imaging layer built: $(du -sh node_modules | cut -f1)"
