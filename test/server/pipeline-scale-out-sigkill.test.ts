import { testStopMidRun } from './pipeline-scale-out.js';

// One of two pipelines stopped by SIGKILL mid-run (pipeline-scale-out.ts).
testStopMidRun('SIGKILL');
