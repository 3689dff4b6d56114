/**
 * The final stage copies every module its commands load and every file they read by path, as the
 * code itself says (run-time-files.ts walks it from the ENTRYPOINT and the HEALTHCHECK): a data
 * folder that a module starts to read fails here, not in a container. image-reads.test.ts then
 * reads them through the laid-out image.
 */
import path from 'node:path';
import t from 'tap';
import { copies, execForm, instructions, readDockerfile } from './dockerfile.js';
import { runTimeFiles } from './run-time-files.js';

const final = readDockerfile().stages.at(-1)!;
const IMAGE_ROOT = '/app';

/** What the final stage copies, as repository paths (`COPY --from=build /app/x` is the build's x). */
const shipped = copies(final).flatMap((copy) => copy.sources.map((source) =>
  (copy.from === undefined ? source : path.relative(IMAGE_ROOT, source)).replace(/\/$/, '')));
const inImage = (file: string): boolean => shipped.some((copied) => file === copied || file.startsWith(`${copied}/`));

const entries = ['ENTRYPOINT', 'HEALTHCHECK'].map((keyword) => execForm(instructions(final, keyword)[0]!.args)[1]!);
const { modules, reads } = runTimeFiles(entries);

t.test('the walk reaches the worker threads and the data they read', async (t) => {
  for (const module of ['dist/pipeline/main.js', 'dist/pipeline/worker.js', 'dist/pipeline/ocr/recognizer-thread.js']) t.ok(modules.has(module), `${module} is loaded`);
  for (const file of ['models/cache', 'models/wordfreq/letter-trigrams.json']) t.ok(reads.has(file), `${file} is read`);
});

t.test('every module the commands load is in the image', async (t) => {
  t.same([...modules].filter((module) => !inImage(module)).sort(), [], `${modules.size} modules, all copied`);
});

t.test('every file or folder the code reads by its path is in the image', async (t) => {
  const missing = [...reads].filter((file) => !inImage(file)).sort();
  t.same(missing, [], `read at run time: ${[...reads].sort().join(', ')}`);
});
