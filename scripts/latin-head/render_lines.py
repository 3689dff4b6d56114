"""
Rendered text lines, as captures of a document's lines, and PP-OCRv6 small's features of them.

    python scripts/latin-head/render_lines.py OUT.npz COUNT SEED FACES STYLE CLDR_DIR [LETTERS]

FACES: `train` (Liberation, FreeFont, URW base35) or `val` (Noto Sans and Serif); DejaVu, the
faces of the specimen corpus that measures the head, is in neither. STYLE: `plain` (wide margins)
or `cut` (tight crops, a neighbouring caption's edge in some, smaller and blurrier text).
CLDR_DIR holds the npm packages cldr-localenames-full and cldr-dates-full 48.2.0, unpacked as
`localenames/` and `dates/`. Writes each line's features (the frames of the input to the head, as
float16), their counts and the lines' texts. With LETTERS, every line holds a word with one of
those letters (in either case), among words of its language.
"""
import glob
import io
import json
import math
import random
import sys
import unicodedata

import numpy as np
import onnx
import onnxruntime as ort
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from latin_classes import FEATURES, load_source

out, count, seed, faces, style, cldr = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
letters = sys.argv[7] if len(sys.argv) > 7 else ''
rng = random.Random(seed)
model, chars, _ = load_source()
known = set(chars[1:])
alphabets = json.load(open('models/cldr/latin-alphabets.json'))['languages']


def words_of(locale):
    """Words of CLDR's names of languages and territories, months and days, in `locale`."""
    words = []
    for kind in ('languages', 'territories'):
        try:
            names = json.load(open(f'{cldr}/localenames/main/{locale}/{kind}.json'))['main'][locale]['localeDisplayNames'][kind]
            for name in names.values():
                words += name.replace('(', ' ').replace(')', ' ').replace(',', ' ').split()
        except (OSError, KeyError):
            pass
    try:
        calendar = json.load(open(f'{cldr}/dates/main/{locale}/ca-gregorian.json'))['main'][locale]['dates']['calendars']['gregorian']
        for part in ('months', 'days'):
            for name in calendar[part]['format']['wide'].values():
                words += name.split()
    except (OSError, KeyError):
        pass
    words = [unicodedata.normalize('NFC', w).strip('.') for w in words]
    return [w for w in words if len(w) >= 2 and w.isalpha()]


# The languages that write marked Latin letters (models/cldr/latin-alphabets.json) with words enough.
WORDS = {locale: words_of(locale) for locale in alphabets if glob.glob(f'{cldr}/localenames/main/{locale}')}
WORDS = {locale: words for locale, words in WORDS.items() if len(words) > 20}
LOCALES = list(WORDS)
ENGLISH = words_of('en')
# By language, its words that hold one of `letters`.
RARE = {locale: [w for w in words if any(c in w.upper() for c in letters.upper())] for locale, words in WORDS.items()}
RARE = {locale: words for locale, words in RARE.items() if words}

if faces == 'train':
    FONTS = (glob.glob('/usr/share/fonts/truetype/liberation/Liberation*-Regular.ttf') + glob.glob('/usr/share/fonts/truetype/liberation/Liberation*-Bold.ttf')
             + glob.glob('/usr/share/fonts/truetype/freefont/Free*.ttf') + glob.glob('/usr/share/fonts/opentype/urw-base35/Nimbus*-Regular.otf')
             + glob.glob('/usr/share/fonts/opentype/urw-base35/Nimbus*-Bold.otf') + glob.glob('/usr/share/fonts/opentype/urw-base35/C059-*.otf'))
    if style == 'plain':
        FONTS = [f for f in FONTS if 'Oblique' not in f and 'Ita' not in f]
    else:
        FONTS += glob.glob('/usr/share/fonts/truetype/liberation/Liberation*-BoldItalic.ttf') + glob.glob('/usr/share/fonts/truetype/liberation/Liberation*-Italic.ttf')
else:
    FONTS = [f'/usr/share/fonts/truetype/noto/{name}.ttf' for name in ('NotoSans-Regular', 'NotoSans-Bold', 'NotoSerif-Regular', 'NotoSerif-Bold')]
    if style == 'cut':
        FONTS.append('/usr/share/fonts/truetype/noto/NotoSans-BoldItalic.ttf')
COVERS = {f: set(TTFont(f, fontNumber=0).getBestCmap().keys()) for f in FONTS}
fonts = {}


def font(path, size):
    if (path, size) not in fonts:
        fonts[(path, size)] = ImageFont.truetype(path, size)
    return fonts[(path, size)]


def digits(n):
    return ''.join(rng.choice('0123456789') for _ in range(n))


def text_line():
    """A line of words of one language (upper-case mostly, as names are printed), of English, or a date or number."""
    r = rng.random()
    if letters:
        locale = rng.choice(list(RARE))
        words = [rng.choice(RARE[locale])] + [rng.choice(WORDS[locale]) for _ in range(rng.choice([0, 0, 1, 2]))]
        rng.shuffle(words)
        text = ' '.join(words)
        text = text.upper() if rng.random() < 0.8 else text
    elif r < 0.6:
        uniform = 0.5 if style == 'plain' else 0.3
        weights = [math.sqrt(alphabets[l]['speakers'] + 1) if style == 'plain' else alphabets[l]['speakers'] + 1 for l in LOCALES]
        locale = rng.choice(LOCALES) if rng.random() < uniform else rng.choices(LOCALES, weights=weights)[0]
        text = ' '.join(rng.choice(WORDS[locale]) for _ in range(rng.choice([1, 1, 2, 2, 3])))
        if rng.random() < 0.15:
            text = text.replace(' ', ', ', 1)
        text = text.upper() if rng.random() < 0.8 else text
    elif r < 0.75:
        text = ' '.join(rng.choice(ENGLISH) for _ in range(rng.choice([1, 2, 3])))
        text = text.upper() if rng.random() < 0.6 else text
    else:
        k = rng.random()
        if k < 0.3: text = f'{digits(2)}.{digits(2)}.{digits(4)}'
        elif k < 0.5: text = f'{digits(2)} {rng.choice(["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"])} {digits(4)}'
        elif k < 0.7: text = rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ') + digits(rng.randint(6, 9))
        elif k < 0.85: text = f'{digits(2)}/{digits(2)}/{digits(4)}'
        else: text = f'{digits(3)}-{digits(3)}-{digits(3)}'
    text = unicodedata.normalize('NFC', text)
    return text if text and all(c in known for c in text) else None


def render(text):
    """The line as the recogniser takes it: a capture's crop, resized to 48 rows and narrowed to 0.8, normalised."""
    covering = [p for p in FONTS if all(ord(c) in COVERS[p] or c == ' ' for c in text)]
    if not covering:
        return None
    size = 56
    face = font(rng.choice(covering), size)
    x0, y0, x1, y1 = face.getbbox(text)
    if style == 'plain':
        mx, my = int(size * rng.uniform(0.1, 0.5)), int(size * rng.uniform(0.15, 0.45))
    else:
        mx, my = int(size * rng.uniform(0.05, 0.3)), int(size * rng.uniform(0.08, 0.35))
    width, height = x1 - x0 + 2 * mx, size + 2 * my
    if style == 'plain':
        background = tuple(int(rng.uniform(170, 255)) for _ in range(3))
        ink = tuple(int(rng.uniform(0, 90)) for _ in range(3))
    else:
        grey = rng.uniform(185, 255)
        tint = [rng.uniform(-25, 10) for _ in range(3)] if rng.random() < 0.5 else [0, 0, 0]
        background = tuple(int(min(255, grey + d)) for d in tint)
        ink = tuple(int(rng.uniform(0, 80)) for _ in range(3))
    image = Image.new('RGB', (width, height), background)
    draw = ImageDraw.Draw(image)
    draw.text((mx - x0, my + (size - (y1 - y0)) // 2 - y0 + rng.randint(-3, 3)), text, font=face, fill=ink)
    if style == 'cut' and rng.random() < 0.4:
        # A neighbouring caption's lower or upper edge, which a tight crop takes in.
        caption = font(rng.choice(FONTS), int(size * rng.uniform(0.35, 0.55)))
        words = ' '.join(rng.choice(ENGLISH) for _ in range(3))
        y = -int(size * rng.uniform(0.2, 0.45)) if rng.random() < 0.7 else height - int(size * rng.uniform(0.05, 0.2))
        draw.text((rng.randint(0, mx + 5), y), words, font=caption, fill=tuple(int(rng.uniform(60, 150)) for _ in range(3)))
    if rng.random() < 0.3:
        image = image.rotate(rng.uniform(-1.2, 1.2), resample=Image.BILINEAR, fillcolor=background)
    low, high = (11, 40) if style == 'plain' else (9, 36)
    text_height = math.exp(rng.uniform(math.log(low), math.log(high))) * height / size
    stretch = rng.uniform(0.88, 1.12)
    image = image.resize((max(8, int(width * text_height / height * stretch)), max(8, int(text_height))),
                         Image.LANCZOS if rng.random() < 0.5 else Image.BILINEAR)
    if rng.random() < 0.5:
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.0 if style == 'plain' else 1.1)))
    if rng.random() < 0.6:
        jpeg = io.BytesIO()
        image.save(jpeg, 'JPEG', quality=rng.randint(35, 92))
        image = Image.open(io.BytesIO(jpeg.getvalue())).convert('RGB')
    pixels = np.asarray(image).astype(np.float32)
    if rng.random() < 0.4:
        pixels = np.clip(pixels + np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, rng.uniform(2, 8), pixels.shape), 0, 255)
    image = Image.fromarray(pixels.astype(np.uint8))
    image = image.resize((max(8, math.ceil(48 * image.width * 0.8 / image.height)), 48), Image.BILINEAR)
    return ((np.asarray(image).astype(np.float32)[:, :, ::-1] / 255 - 0.5) / 0.5).transpose(2, 0, 1)


model.graph.output.append(onnx.helper.make_tensor_value_info(FEATURES, onnx.TensorProto.FLOAT, None))
options = ort.SessionOptions()
options.intra_op_num_threads = 2
session = ort.InferenceSession(model.SerializeToString(), options)

texts, images = [], []
while len(texts) < count:
    text = text_line()
    if text is None or len(text) > 40:
        continue
    image = render(text)
    if image is not None:
        texts.append(text)
        images.append(image)
# Lines of like width together, as the service batches them; each keeps its own frames.
order = sorted(range(count), key=lambda i: images[i].shape[2])
features = [None] * count
for start in range(0, count, 16):
    group = order[start:start + 16]
    widest = max(images[i].shape[2] for i in group)
    batch = np.zeros((len(group), 3, 48, widest), np.float32)
    for b, i in enumerate(group):
        batch[b, :, :, :images[i].shape[2]] = images[i]
    (frames,) = session.run([FEATURES], {'x': batch})
    for b, i in enumerate(group):
        own = min(frames.shape[1], math.ceil(images[i].shape[2] * frames.shape[1] / widest))
        features[i] = frames[b, :own].astype(np.float16)
np.savez_compressed(out, feats=np.concatenate(features), lens=np.array([f.shape[0] for f in features]), texts=np.array(texts, dtype=object))
print(out, count, 'lines', sum(f.shape[0] for f in features), 'frames', len(FONTS), 'faces', len(LOCALES), 'languages')
