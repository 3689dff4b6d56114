import { PARITY_FILES, testParity } from './parity.js';

// dlib's ResNet embedder, built from face-api's weights (models/convert/face-recognition-net.ts),
// run by onnxruntime against face-api's FaceRecognitionNet on TF.js on real face photos.
await testParity(PARITY_FILES['parity-dlib-resnet']!);
