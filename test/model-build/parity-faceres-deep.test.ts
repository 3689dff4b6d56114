import { PARITY_FILES, testParity } from './parity.js';

// faceres-deep, the faceres architecture on separately trained float32 weights (224×224), converted
// and run by onnxruntime against TF.js on real face photos (parity.ts).
await testParity(PARITY_FILES['parity-faceres-deep']!);
