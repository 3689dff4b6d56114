import { testRealDocs } from './read-real-docs.js';

// 21 of 31 right and 1 read wrong on 2026-11-26 (a1615f5).
testRealDocs(1, { right: 20, wrong: 1 });
