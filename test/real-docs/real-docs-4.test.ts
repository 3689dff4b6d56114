import { testRealDocs } from './read-real-docs.js';

testRealDocs(3, { right: 34, wrong: 1, mrz: 0 });
