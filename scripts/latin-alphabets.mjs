// Writes models/cldr/latin-alphabets.json from the Unicode CLDR packages (devDependencies
// cldr-misc-full and cldr-core): for every language CLDR counts speakers of, the letters with
// marks of its alphabet (exemplar characters, main set) and its speakers worldwide. The front's
// reader weighs a letter's marks by them (pipeline/ocr/latin/orthography.ts).
// With --check it fails when the committed file differs from what the packages give.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const target = join(root, 'models/cldr/latin-alphabets.json');
const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));
const misc = packageDir('cldr-misc-full');
const core = packageDir('cldr-core');

// Speakers of each language, summed over the territories CLDR lists it in.
const speakers = new Map();
const territories = JSON.parse(readFileSync(join(core, 'supplemental/territoryInfo.json'), 'utf8')).supplemental.territoryInfo;
for (const info of Object.values(territories)) {
  const population = Number(info._population ?? 0);
  for (const [language, share] of Object.entries(info.languagePopulation ?? {})) {
    speakers.set(language, (speakers.get(language) ?? 0) + (population * Number(share._populationPercent ?? 0)) / 100);
  }
}

const languages = {};
for (const locale of readdirSync(join(misc, 'main')).sort()) {
  const language = locale.replace('-', '_');
  if (!speakers.has(language)) continue;
  const exemplars = JSON.parse(readFileSync(join(misc, 'main', locale, 'characters.json'), 'utf8')).main[locale].characters.exemplarCharacters;
  // Single letters only: a {ch} or {dž} is a sequence of letters the set already has.
  const letters = [...new Set(exemplars.replace(/\{[^}]*\}/g, '').match(/\p{Script=Latin}/gu) ?? [])]
    .filter((c) => /\p{L}/u.test(c) && !/[a-z]/.test(c)).sort();
  if (letters.length > 0) languages[language] = { speakers: Math.round(speakers.get(language)), letters: letters.join('') };
}

const version = JSON.parse(readFileSync(join(misc, 'package.json'), 'utf8')).version;
const lines = Object.entries(languages).map(([language, entry]) => `    ${JSON.stringify(language)}: ${JSON.stringify(entry)}`);
const text = `{\n  "source": "Unicode CLDR ${version} (npm cldr-misc-full, cldr-core): exemplar characters and territory language populations; scripts/latin-alphabets.mjs",\n  "languages": {\n${lines.join(',\n')}\n  }\n}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try { committed = readFileSync(target, 'utf8'); } catch { /* missing: differs */ }
  if (committed !== text) {
    console.error('models/cldr/latin-alphabets.json is out of date with the CLDR packages: run npm run alphabets:gen');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
