import { testRealDocs } from './read-real-docs.js';

// 21 of 31 right and 2 read wrong on 2026-11-26 with PP-OCRv6 (21 and 1 with PP-OCRv4, a1615f5).
testRealDocs(1, { right: 20, wrong: 2 });
