import { PARITY_FILES, testParity } from './parity.js';

// Face detection (blazeface, and blazeface-back on the same weights) and the 32×32 liveness model,
// converted and run by onnxruntime against TF.js on real face photos (parity.ts).
await testParity(PARITY_FILES['parity-detection']!);
