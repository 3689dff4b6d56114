import { testRealDocs } from './read-real-docs.js';

// 29 of 32 right and none read wrong on 2026-11-26 with PP-OCRv6 (25 and 2 with PP-OCRv4, a1615f5).
testRealDocs(0, { right: 28, wrong: 0 });
