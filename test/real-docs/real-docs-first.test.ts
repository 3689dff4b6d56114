import { testRealDocs } from './read-real-docs.js';

// 30 of 32 right, none read wrong and 7 of 7 MRZs on 2026-11-27 (25 and 2 with PP-OCRv4, a1615f5).
testRealDocs(0, { right: 29, wrong: 0, mrz: 7 });
