import { writeFileSync } from 'node:fs';
import {
  badInputs,
  planDxf,
  planDxfBinary,
  planPdf,
  planPng,
} from '../../functions/lib/drawings/fixtures/plan';
import { normaliseDrawing } from '../../functions/lib/drawings/index';

const inputs = {
  dxf: Buffer.from(planDxf()),
  bdxf: planDxfBinary(),
  png: await planPng(),
  pdf: await planPdf(),
};
for (const [k, bytes] of Object.entries(inputs)) {
  const t = performance.now();
  const d = await normaliseDrawing({ bytes, fileName: `plan.${k}` });
  writeFileSync(`/tmp/exp/norm-${k}.png`, d.png);
  console.log(
    k,
    d.kind,
    d.width,
    d.height,
    (performance.now() - t).toFixed(0),
    'ms',
    d.geometry.units,
    d.geometry.segments?.length,
    JSON.stringify(d.geometry.bounds),
    d.geometry.source,
    d.geometry.warnings,
    JSON.stringify(d.geometry.pixelTransform),
    d.geometry.layers,
  );
}
console.log(
  JSON.stringify((await normaliseDrawing({ bytes: inputs.dxf, fileName: 'a.dxf' })).geometry.segments),
);
for (const b of await badInputs()) {
  const t = performance.now();
  try {
    await normaliseDrawing({ bytes: b.bytes, fileName: b.fileName });
    console.log('NO ERROR', b.name);
  } catch (e: any) {
    console.log(
      b.name,
      '->',
      e.code,
      e.message,
      b.expect.test(e.message) ? 'OK' : 'MISMATCH',
      (performance.now() - t).toFixed(0),
    );
  }
}
