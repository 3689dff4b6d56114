import { testRealDocs } from './read-real-docs.js';

// 25 of 31 right, 2 read wrong and 3 of 4 MRZs on 2026-11-27, the French permit's MRZ found on the band finder's second look (21 and 1 with PP-OCRv4, a1615f5).
testRealDocs(1, { right: 24, wrong: 2, mrz: 3 });
