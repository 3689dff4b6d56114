"""
Look-alike glyphs (0 O, 1 I, 5 S, 8 B) rendered as a document number's characters are captured,
cut out of their line and normalised as pipeline/ocr/glyph-input.ts does.

    python scripts/glyph-pairs/glyph_data.py OUT.npz PER_CLASS SEED FACES

FACES: `train` (Liberation, GNU FreeFont, URW base35) or `check` (DejaVu, the specimen corpus's
faces, which the training never sees). Writes `x` (N × SIDE², float32, ink 1), `y` (class index
into CLASSES) and `face` (the face's file name).
"""
import glob
import io
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

CLASSES = '0O1I5S8B'
SIDE = 32
# The neighbours a number puts beside a glyph: digits and capitals.
NEIGHBOURS = '0123456789ABCDEFGHJKLMNPRTUVWXYZ'
SKIPPED = ('StandardSymbolsPS', 'D050000L', 'Z003')


def faces_of(which):
    if which == 'check':
        return sorted(glob.glob('/usr/share/fonts/truetype/dejavu/DejaVu*.ttf'))
    files = sorted(glob.glob('/usr/share/fonts/truetype/liberation/*.ttf')) + sorted(glob.glob('/usr/share/fonts/truetype/freefont/*.ttf')) \
        + sorted(glob.glob('/usr/share/fonts/opentype/urw-base35/*.otf'))
    return [f for f in files if not any(s in f for s in SKIPPED) and 'ExtraLight' not in f]


def otsu(grey):
    hist = np.bincount(grey.ravel(), minlength=256).astype(np.float64)
    total = grey.size
    values = np.arange(256)
    sum_all = (hist * values).sum()
    best, threshold, count_below, sum_below = 0.0, 128, 0.0, 0.0
    for v in range(256):
        count_below += hist[v]
        if count_below == 0:
            continue
        count_above = total - count_below
        if count_above == 0:
            break
        sum_below += v * hist[v]
        between = count_below * count_above * (sum_below / count_below - (sum_all - sum_below) / count_above) ** 2
        if between > best:
            best, threshold = between, v
    return threshold


def tallest_run(inked):
    """The longest run of inked rows, a one-row gap bridged, as (first, past the last)."""
    best, start, last = None, -1, -1
    for y, row in enumerate(inked):
        if not row:
            continue
        if start < 0 or y - last > 2:
            start = y
        last = y
        if best is None or last + 1 - start > best[1] - best[0]:
            best = (start, last + 1)
    return best


def normalise(grey, x0, x1):
    """The glyph in columns [x0, x1) of a line crop: ink 1, paper 0, its ink box (its columns' tallest run of inked rows) centred in a SIDE square, aspect kept."""
    h, w = grey.shape
    threshold = otsu(grey)
    ink = grey <= threshold
    paper = grey[~ink].mean() if (~ink).any() else 255.0
    dark = grey[ink].mean() if ink.any() else 0.0
    x0, x1 = max(0, x0), min(w, x1)
    rows = tallest_run(ink[:, x0:x1].any(axis=1)) if x1 > x0 else None
    if rows is None:
        return None
    top, bottom = rows
    side = max(bottom - top, x1 - x0) * 1.2 + 2
    cx, cy = (x0 + x1) / 2, (top + bottom) / 2
    span = max(1e-3, paper - dark)
    steps = (np.arange(SIDE) + 0.5 - SIDE / 2) * side / SIDE - 0.5
    xs, ys = cx + steps, cy + steps
    inside = ((xs >= x0 - 0.5) & (xs <= x1 - 0.5))[None, :] & ((ys >= -0.5) & (ys <= h - 0.5))[:, None]
    xi = np.clip(np.floor(xs + 0.5), 0, w - 1).astype(int)
    yi = np.clip(np.floor(ys + 0.5), 0, h - 1).astype(int)
    out = np.clip((paper - grey[yi][:, xi].astype(np.float32)) / span, 0, 1) * inside
    return out.astype(np.float32).ravel()


def mark_zero(rng, draw, box, ink):
    """A dot or a slash inside a zero, as many monospace and document faces print it."""
    x0, y0, x1, y1 = box
    stroke = max(1, int(round((y1 - y0) * rng.uniform(0.07, 0.13))))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if rng.random() < 0.5:
        r = stroke * rng.uniform(0.6, 1.0)
        draw.ellipse((cx - r, cy - r * 1.3, cx + r, cy + r * 1.3), fill=ink)
    else:
        dx, dy = (x1 - x0) * 0.22, (y1 - y0) * 0.28
        draw.line((cx - dx, cy + dy, cx + dx, cy - dy), fill=ink, width=stroke)


def speck(rng, draw, box, ink):
    """A dot or dash above or below the glyph, clear of it: a pattern's speck, the edge of a line beside."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    y = y0 - rng.uniform(0.15, 0.45) * h if rng.random() < 0.5 else y1 + rng.uniform(0.15, 0.45) * h
    x = rng.uniform(x0, x1)
    r = max(0.6, h * rng.uniform(0.03, 0.08))
    draw.rectangle((x - r * rng.uniform(1, 3), y - r, x + r, y + r), fill=ink)


def capture(rng, font_file, target):
    """One number-like string with `target` among its characters, captured; the line crop and the target's columns."""
    height = rng.uniform(10, 40)
    font = ImageFont.truetype(font_file, max(8, int(round(height * 1.35))))
    left = ''.join(rng.choice(NEIGHBOURS) for _ in range(rng.randint(0, 3)))
    right = ''.join(rng.choice(NEIGHBOURS) for _ in range(rng.randint(0, 3)))
    text = left + target + right
    spacing = rng.uniform(-0.04, 0.15) * height
    paper = rng.randint(150, 255)
    ink = rng.randint(0, max(0, paper - 90))
    pad = int(height)
    widths = [font.getlength(c) + spacing for c in text]
    im = Image.new('L', (int(sum(widths) + 2 * pad) + 4, int(height * 2.2) + 2 * pad), paper)
    draw = ImageDraw.Draw(im)
    x = pad
    box = None
    for c, wdt in zip(text, widths):
        draw.text((x, pad), c, fill=ink, font=font)
        if box is None and x >= pad + sum(widths[:len(left)]) - 0.5:
            bb = draw.textbbox((x, pad), c, font=font)
            box = bb
        x += wdt
    if target == '0' and rng.random() < 0.25:
        mark_zero(rng, draw, box, ink)
    if rng.random() < 0.3:
        speck(rng, draw, box, ink)
    if rng.random() < 0.5:
        im = im.rotate(rng.uniform(-2, 2), resample=Image.BILINEAR, fillcolor=paper)
    if rng.random() < 0.7:
        im = im.filter(ImageFilter.GaussianBlur(rng.uniform(0.2, 1.2) * height / 24))
    scale = rng.uniform(0.6, 1.0) if height > 20 else 1.0
    if scale < 1.0:
        im = im.resize((max(1, int(im.width * scale)), max(1, int(im.height * scale))), Image.BILINEAR)
        box = tuple(v * scale for v in box)
    grey = np.asarray(im, np.float32) + np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, rng.uniform(0, 10), (im.height, im.width))
    im = Image.fromarray(np.clip(grey, 0, 255).astype(np.uint8))
    if rng.random() < 0.6:
        buf = io.BytesIO()
        im.save(buf, 'JPEG', quality=rng.randint(40, 90))
        im = Image.open(buf).convert('L')
    grey = np.asarray(im)
    # The line crop as the detector gives it: the text's rows and some margin above and below.
    margin = lambda: int(rng.uniform(0.05, 0.5) * (box[3] - box[1]))
    top = max(0, int(box[1]) - margin())
    bottom = min(grey.shape[0], int(box[3]) + 1 + margin())
    crop = grey[top:bottom]
    # The columns its ink run gives, or a cut between neighbours' centres, a few columns off.
    jitter = (box[3] - box[1]) * 0.08
    x0 = int(round(box[0] + rng.uniform(-jitter, jitter)))
    x1 = int(round(box[2] + rng.uniform(-jitter, jitter)))
    return crop, x0, max(x0 + 1, x1)


def main():
    out, per_class, seed, which = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    faces = faces_of(which)
    xs, ys, names = [], [], []
    for k, target in enumerate(CLASSES):
        for n in range(per_class):
            face = faces[n % len(faces)]
            crop, x0, x1 = capture(rng, face, target)
            v = normalise(crop, x0, x1)
            if v is None:
                continue
            xs.append(v)
            ys.append(k)
            names.append(face.split('/')[-1])
    np.savez_compressed(out, x=np.stack(xs), y=np.array(ys, np.int64), face=np.array(names))
    print(f'{out}: {len(xs)} glyphs of {len(faces)} faces')


if __name__ == '__main__':
    main()
