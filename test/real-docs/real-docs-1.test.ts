import { testRealDocs } from './read-real-docs.js';

testRealDocs(0, { right: 47, wrong: 4, mrz: 11 });
