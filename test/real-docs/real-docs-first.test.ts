import { testRealDocs } from './read-real-docs.js';

// 25 of 32 right and 2 read wrong on 2026-11-26 (a1615f5).
testRealDocs(0, { right: 24, wrong: 2 });
