import { testRealDocs } from './read-real-docs.js';

testRealDocs(0, { right: 48, wrong: 4, mrz: 11 });
