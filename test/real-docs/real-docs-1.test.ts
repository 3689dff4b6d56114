import { testRealDocs } from './read-real-docs.js';

testRealDocs(0, { right: 48, wrong: 5, mrz: 11 });
