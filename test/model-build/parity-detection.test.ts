import { PARITY_FILES, testParity } from './parity.js';

// Face detection (blazeface, and blazeface-back on the same weights), converted and run by
// onnxruntime against TF.js on real face photos (parity.ts).
await testParity(PARITY_FILES['parity-detection']!);
