"""
PP-OCRv6 small's head over its Latin classes, trained on rendered lines' features (render_lines.py)
by CTC, the rest of the model frozen, and pulled toward the source's head so that what the source
reads well it still reads.

    python scripts/latin-head/train_head.py [--only LETTERS] [--passes N] [--start HEAD.bin] OUT.bin VAL.npz TRAIN.npz [TRAIN.npz ...]

With --only, only the columns of LETTERS (as given, in their case) are trained; every other class
reads as the source reads it. With --start, training starts from (and is pulled toward) that head,
one this script wrote, instead of the source's: every column not trained stays as it is there.

Writes the head as pipeline/ocr/model-files.ts reads it: float32 little-endian, the weights
(120 features × the classes, row-major), then the biases. Prints, before and after each pass, the
lines of VAL read exactly: all, those with a marked letter, those with a digit.
"""
import sys

import numpy as np
import torch

from latin_classes import load_source

PASSES = 4
PULL = 1e-3
LEARNING_RATE = 2e-3
BATCH = 128

torch.manual_seed(0)
args = sys.argv[1:]
only, passes, start = '', PASSES, None
while args[0].startswith('--'):
    if args[0] == '--only':
        only = args[1]
    elif args[0] == '--passes':
        passes = int(args[1])
    elif args[0] == '--start':
        start = args[1]
    args = args[2:]
out, val_file, train_files = args[0], args[1], args[2:]
_, chars, (source_w, source_b) = load_source()
class_of = {c: k for k, c in enumerate(chars) if k > 0}
if start:
    values = np.fromfile(start, '<f4')
    source_w, source_b = values[:source_w.size].reshape(source_w.shape), values[source_w.size:]
W0, b0 = torch.tensor(source_w), torch.tensor(source_b)
# The columns that learn: all, or those of --only's letters.
trained = torch.tensor([not only or (k > 0 and c in only) for k, c in enumerate(chars)])


def load(path):
    data = np.load(path, allow_pickle=True)
    ends = np.concatenate([[0], np.cumsum(data['lens'])])
    frames = torch.tensor(data['feats'].astype(np.float32))
    return [frames[ends[i]:ends[i + 1]] for i in range(len(data['lens']))], list(data['texts'])


def greedy(logits):
    text, previous = [], 0
    for k in logits.argmax(-1).tolist():
        if k != previous and k != 0:
            text.append(chars[k])
        previous = k
    return ''.join(text)


def report(W, b, lines, texts, label):
    right = {'all': [0, 0], 'marks': [0, 0], 'digits': [0, 0]}
    with torch.no_grad():
        for frames, text in zip(lines, texts):
            kinds = ['all'] + (['marks'] if any(ord(c) > 127 for c in text) else []) + (['digits'] if any(c.isdigit() for c in text) else [])
            for kind in kinds:
                right[kind][0] += greedy(frames @ W + b) == text
                right[kind][1] += 1
    print(label, ' '.join(f'{kind} {a}/{n} {100 * a / max(n, 1):.1f}%' for kind, (a, n) in right.items()), flush=True)


train, texts = [], []
for path in train_files:
    lines, line_texts = load(path)
    train += lines
    texts += line_texts
val, val_texts = load(val_file)
report(W0, b0, val, val_texts, 'val, source head:')

W, b = torch.nn.Parameter(W0.clone()), torch.nn.Parameter(b0.clone())
optimiser = torch.optim.Adam([W, b], lr=LEARNING_RATE)
ctc = torch.nn.CTCLoss(blank=0, zero_infinity=True)
for epoch in range(passes):
    order = torch.randperm(len(train)).tolist()
    for start in range(0, len(order), BATCH):
        batch = order[start:start + BATCH]
        frames = torch.zeros(len(batch), max(train[i].shape[0] for i in batch), W.shape[0])
        for j, i in enumerate(batch):
            frames[j, :train[i].shape[0]] = train[i]
        log_probs = torch.log_softmax(frames @ W + b, -1).transpose(0, 1)
        targets = [torch.tensor([class_of[c] for c in texts[i]]) for i in batch]
        loss = ctc(log_probs, torch.cat(targets), torch.tensor([train[i].shape[0] for i in batch]), torch.tensor([len(t) for t in targets]))
        loss = loss + PULL * ((W - W0) ** 2).sum() + PULL * ((b - b0) ** 2).sum()
        optimiser.zero_grad()
        loss.backward()
        W.grad[:, ~trained] = 0
        b.grad[~trained] = 0
        optimiser.step()
    report(W.detach(), b.detach(), val, val_texts, f'val, pass {epoch + 1}:')
with open(out, 'wb') as file:
    file.write(W.detach().numpy().astype('<f4').tobytes() + b.detach().numpy().astype('<f4').tobytes())
