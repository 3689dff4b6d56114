import { testRealDocs } from './read-real-docs.js';

testRealDocs(3, { right: 35, wrong: 1, mrz: 0 });
