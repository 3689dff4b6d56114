import { testRealDocs } from './read-real-docs.js';

testRealDocs(1, { right: 45, wrong: 2, mrz: 4 });
