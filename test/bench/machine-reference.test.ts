import t from 'tap';
import { machineReference } from '../../bench/machine-reference.js';

t.test('the machine reference times the detector and the warp on fixed inputs', async (t) => {
  const reference = await machineReference(1);
  t.same(Object.keys(reference).sort(), ['detectorMs', 'warpMs']);
  for (const [name, ms] of Object.entries(reference)) {
    t.ok(Number.isFinite(ms) && ms > 0, `${name} ${ms} ms is a time`);
  }
  // About 150 and 50 ms on the 2-core build machine: the detector's convolutions outweigh the warp's pixels.
  t.ok(reference.detectorMs > reference.warpMs, `detector ${reference.detectorMs} ms, warp ${reference.warpMs} ms: the detector is the heavier, as in the OCR stage`);
});
