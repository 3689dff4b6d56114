import t from 'tap';
import { CATALOG } from '../../model-build/catalog.js';
import { PARITY_FILES } from './parity.js';

// The parity tests are split in files by model; every catalogued model must be in exactly one.
t.test('every catalogued model is checked for parity by exactly one parity file', async (t) => {
  const listed = Object.values(PARITY_FILES).flat();
  t.same([...listed].sort(), CATALOG.map((entry) => entry.id).sort());
});
