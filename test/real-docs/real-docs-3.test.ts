import { testRealDocs } from './read-real-docs.js';

testRealDocs(2, { right: 46, wrong: 3, mrz: 3 });
