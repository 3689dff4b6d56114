import { testStopMidRun } from './pipeline-scale-out.js';

// One of two pipelines stopped by SIGTERM mid-run (pipeline-scale-out.ts).
testStopMidRun('SIGTERM');
