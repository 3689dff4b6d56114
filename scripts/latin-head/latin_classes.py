"""PP-OCRv6 small's Latin classes, as pipeline/ocr/charset.ts's latinSubset keeps them, and its head."""
import hashlib
import numpy as np
import onnx
from onnx import numpy_helper

SOURCE = 'models/ppocr/PP-OCRv6_rec_small.onnx'
# sha256 of the kept class indices joined by commas: pipeline/ocr/model-files.ts's LATIN_HEAD_CLASSES.
CLASSES_SHA256 = '91512c8e3e5fbbfd8d4c8fbcf242885283fb2f278ebb183792d792dd06aee1ed'
STAND_INS = '０１２３４５６７８９＜〈《‹«く'
FEATURES = 'p2o.pd_op.transpose.8.0'


def load_source():
    model = onnx.load(SOURCE)
    dictionary = next(p.value for p in model.metadata_props if p.key == 'character').splitlines()
    chars = [''] + dictionary + [' ']
    kept = [k for k, c in enumerate(chars) if k == 0 or (len(c) == 1 and 0x20 <= ord(c) <= 0x24F) or c in STAND_INS]
    if hashlib.sha256(','.join(map(str, kept)).encode()).hexdigest() != CLASSES_SHA256:
        raise SystemExit('the Latin classes differ from those the service keeps (pipeline/ocr/charset.ts)')
    weights = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    head = (weights['linear_8.w_0'][:, kept].astype(np.float32), weights['linear_8.b_0'][kept].astype(np.float32))
    return model, [chars[k] for k in kept], head
