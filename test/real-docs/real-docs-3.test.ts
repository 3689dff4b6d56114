import { testRealDocs } from './read-real-docs.js';

testRealDocs(2, { right: 43, wrong: 3, mrz: 3 });
