/**
 * `idv data-key rotate --new-key-file FILE`: re-wraps every record's data key under FILE's master
 * key (data-protection/rotation.ts); resumable, and front doors may keep running throughout.
 */
import { ConfigError, loadConfig } from './config.js';
import { options } from './cli-options.js';
import { loadMasterKey, readKeyFile, writeKeyFile } from './data-protection/master-key.js';
import { rotateMasterKey } from './data-protection/rotation.js';
import { openStore } from './store/index.js';

/** Thrown from the batch callback to stop a rotation at a batch boundary. */
class Paused extends Error {}

export async function dataKeyCommand(args: readonly string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'rotate') throw new ConfigError(`unknown data-key command ${action ?? '(none)'}: use idv data-key rotate --new-key-file FILE`);
  const file = options(rest, ['--new-key-file'])['--new-key-file'];
  if (file === undefined) throw new ConfigError('--new-key-file is needed');
  const config = loadConfig(process.env);
  const next = readKeyFile(file, `--new-key-file (${file})`);
  const master = loadMasterKey(config);
  const store = await openStore(config, { extraKeys: [next] });
  let stopping = false;
  const stop = (): void => {
    stopping = true;
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const outcome = await rotateMasterKey(store, next, {
      onBatch: (rewrapped) => {
        process.stderr.write(`re-wrapped ${rewrapped} data keys\n`);
        if (stopping) throw new Paused();
      },
    });
    if (master.defaultFile !== null) writeKeyFile(master.defaultFile, next);
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
    process.stderr.write(master.defaultFile !== null
      ? `rotation complete: the data folder's key file (${master.defaultFile}) now holds the new key\n`
      : `rotation complete: configure the new key now (IDV_DATA_KEY_FILE=${file}); the old one no longer opens the store\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof Paused)) throw error;
    process.stderr.write('rotation paused: run the same command again to finish it (both keys open the store meanwhile)\n');
    return 1;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await store.close();
  }
}
