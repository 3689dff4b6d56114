import { testRealDocs } from './read-real-docs.js';

// 21 of 31 right, 2 read wrong and 2 of 4 MRZs on 2026-11-27 (21 and 1 with PP-OCRv4, a1615f5).
testRealDocs(1, { right: 20, wrong: 2, mrz: 2 });
