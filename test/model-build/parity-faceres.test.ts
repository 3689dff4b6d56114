import { PARITY_FILES, testParity } from './parity.js';

// The 224×224 faceres embedding (its other weights, faceres-deep: parity-faceres-deep.test.ts),
// converted and run by onnxruntime against TF.js on real face photos (parity.ts).
await testParity(PARITY_FILES['parity-faceres']!);
