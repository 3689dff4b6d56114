import { PARITY_FILES, testParity } from './parity.js';

// The 112×112 face embeddings (mobilefacenet, mobileface) and the 128×128 anti-spoofing model,
// converted and run by onnxruntime against TF.js on real face photos (parity.ts).
await testParity(PARITY_FILES['parity-embedding']!);
