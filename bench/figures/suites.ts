/** Each suite's headline figures, by the suite's name in the runner (bench/run.ts checks the result types). */
import { accuracyFigures, captureFigures, facesFigures, forgeryFigures, mrzRobustnessFigures, realDocsFigures } from './corpus-suites.js';
import { dataProtectionFigures, loadFigures, stagesFigures } from './speed-suites.js';

export const SUITE_FIGURES = Object.freeze({
  stages: stagesFigures,
  accuracy: accuracyFigures,
  faces: facesFigures,
  load: loadFigures,
  'real-docs': realDocsFigures,
  'mrz-robustness': mrzRobustnessFigures,
  capture: captureFigures,
  'data-protection': dataProtectionFigures,
  forgery: forgeryFigures,
});
