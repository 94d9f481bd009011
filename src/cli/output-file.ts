/**
 * Output paths checked before a long run starts, so that a typo or an
 * unwritable place is found in a second rather than after the benchmark.
 */
import { constants } from 'node:fs';
import { access, mkdir, open, stat, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { messageOf, usageError } from './cli-error.js';

async function isDirectory(path: string): Promise<boolean | null> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return null;
  }
}

/**
 * Makes a folder and the missing ones above it, one at a time: Node's
 * recursive mkdir never returns for a path under /proc.
 */
async function makeFolders(folder: string): Promise<void> {
  const kind = await isDirectory(folder);
  if (kind === true) return;
  // Said plainly: mkdir would only answer EEXIST.
  if (kind === false) throw new Error(`${folder} is a file, not a folder`);
  const parent = dirname(folder);
  if (parent !== folder) await makeFolders(parent);
  await mkdir(folder);
}

/** `option`'s file can be written: not a folder, in a folder that exists or can be made, and open for writing. */
export async function checkWritableFile(option: string, path: string): Promise<void> {
  const full = resolve(path);
  const kind = await isDirectory(full);
  if (kind === true) throw usageError(`${option} ${path} is a folder; give a file name`);
  try {
    await makeFolders(dirname(full));
    if (kind === false) {
      await access(full, constants.W_OK);
    } else {
      // Made and removed again: the only sure test that a file can be made here.
      await (await open(full, 'wx')).close();
      await unlink(full);
    }
  } catch (error) {
    throw usageError(`${option} ${path} cannot be written: ${messageOf(error)}`);
  }
}

/** `option`'s folder exists or can be made, and a file can be made in it. */
export async function checkWritableFolder(option: string, path: string): Promise<void> {
  const full = resolve(path);
  if ((await isDirectory(full)) === false) throw usageError(`${option} ${path} is a file, not a folder`);
  try {
    await makeFolders(full);
    await access(full, constants.W_OK);
  } catch (error) {
    throw usageError(`${option} ${path} cannot be written: ${messageOf(error)}`);
  }
  await checkWritableFile(option, resolve(full, `.hexbatch-check-${process.pid}`));
}
