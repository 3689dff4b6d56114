"""
The look-alike glyph classifier: a small perceptron over a normalised glyph (glyph_data.py), written
as ONNX for the service (pipeline/front/glyphs-alone.ts).

    python scripts/glyph-pairs/train_glyphs.py OUT.onnx TRAIN.npz CHECK.npz

Prints its accuracy per class on CHECK (faces the training never saw).
"""
import sys

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper
from sklearn.neural_network import MLPClassifier

from glyph_data import CLASSES, SIDE

out, train_file, check_file = sys.argv[1], sys.argv[2], sys.argv[3]
train, check = np.load(train_file), np.load(check_file)
model = MLPClassifier(hidden_layer_sizes=(256, 64), alpha=1e-3, batch_size=256, learning_rate_init=1e-3,
                      max_iter=40, early_stopping=True, validation_fraction=0.1, n_iter_no_change=5, random_state=1)
model.fit(train['x'], train['y'])
for name, data in (('train', train), ('check', check)):
    guess = model.predict(data['x'])
    per = ' '.join(f"{c} {np.mean(guess[data['y'] == k] == k) * 100:.1f}" for k, c in enumerate(CLASSES))
    print(f"{name}: {np.mean(guess == data['y']) * 100:.1f} % | {per}")
faces = sorted(set(check['face']))
guess = model.predict(check['x'])
for face in faces:
    mask = check['face'] == face
    print(f"  {face:32s} {np.mean(guess[mask] == check['y'][mask]) * 100:.1f} %")
# Logits, not probabilities: the service weighs nats between two classes.
layers = []
names = ['glyph']
for k, (w, b) in enumerate(zip(model.coefs_, model.intercepts_)):
    last = k == len(model.coefs_) - 1
    layers.append(helper.make_node('Gemm', [names[-1], f'w{k}', f'b{k}'], ['logits' if last else f'h{k}'], name=f'dense{k}'))
    names.append('logits' if last else f'h{k}')
    if not last:
        layers.append(helper.make_node('Relu', [f'h{k}'], [f'r{k}'], name=f'relu{k}'))
        names.append(f'r{k}')
weights = [numpy_helper.from_array(a.astype(np.float32), name) for k, (w, b) in enumerate(zip(model.coefs_, model.intercepts_)) for a, name in ((w, f'w{k}'), (b, f'b{k}'))]
graph = helper.make_graph(layers, 'look_alike_glyphs', [helper.make_tensor_value_info('glyph', TensorProto.FLOAT, ['n', SIDE * SIDE])],
                          [helper.make_tensor_value_info('logits', TensorProto.FLOAT, ['n', len(CLASSES)])], weights)
onx = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 17)], producer_name='scripts/glyph-pairs', doc_string=f'classes {CLASSES}, input {SIDE}x{SIDE} ink 1')
onx.ir_version = 8
onnx.checker.check_model(onx)
open(out, 'wb').write(onx.SerializeToString())
session = ort.InferenceSession(out)
logits = session.run(None, {'glyph': check['x'][:64]})[0]
assert np.array_equal(logits.argmax(1), model.predict(check['x'][:64])), 'the ONNX graph disagrees with the model'
print(f'{out} written')
