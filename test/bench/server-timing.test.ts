import t from 'tap';
import { parseServerTiming } from '../../bench/accuracy/verify-http.js';

t.test('Server-Timing entries become stage timings; malformed entries are dropped', async (t) => {
  t.same(parseServerTiming('intake;dur=57.2, barcode;dur=50.1'), [{ stage: 'intake', ms: 57.2 }, { stage: 'barcode', ms: 50.1 }]);
  t.same(parseServerTiming('ocr;desc="front";dur=700'), [{ stage: 'ocr', ms: 700 }]);
  t.same(parseServerTiming('cache, face;dur=abc, ;dur=3'), []);
  t.same(parseServerTiming(null), []);
});
