import { testRealDocs } from './read-real-docs.js';

testRealDocs(2, { right: 48, wrong: 2, mrz: 3 });
