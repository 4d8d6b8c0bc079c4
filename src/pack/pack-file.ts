import { isUtf8 } from 'node:buffer';
import { constants } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { internalError } from '../contract/error.js';
import { formatBytes, PACK_LIMITS } from './limits.js';
import type { PackError } from './pack-error.js';

/**
 * Reading the files of a pack folder without ever leaving it. A file name comes from the
 * pack itself, so it is checked before anything is opened: no `..`, no symbolic link
 * anywhere below the pack folder (a link could point at any file of the machine and the
 * loader would echo it back in its messages), only regular files, within the size limits,
 * and UTF-8 text (docs/pack-format.md, "Limits and refusals").
 */
export class PackFiles {
  readonly dir: string;
  readonly errors: PackError[];
  readonly #snapshot: PackSnapshot | undefined;
  #bytesRead = 0;

  /** With a snapshot, every file and folder is read from it, never from the disk. */
  constructor(dir: string, errors: PackError[], snapshot?: PackSnapshot) {
    this.dir = dir;
    this.errors = errors;
    this.#snapshot = snapshot;
  }

  /** What a path below the pack folder is, as lstat says or the snapshot holds; throws when absent. */
  async #lstat(relative: string): Promise<PathKind> {
    if (!this.#snapshot) {
      const stats = await lstat(path.join(this.dir, relative));
      return {
        link: stats.isSymbolicLink(),
        folder: stats.isDirectory(),
        file: stats.isFile(),
        size: stats.size,
      };
    }
    const bytes = this.#snapshot.files.get(relative);
    if (bytes) return { link: false, folder: false, file: true, size: bytes.length };
    if (this.#snapshot.folders.has(relative))
      return { link: false, folder: true, file: false, size: 0 };
    throw internalError(`${relative} is not in the pack`);
  }

  /** The names directly inside a folder of the pack (which `folder` found). */
  async list(relative: string): Promise<string[]> {
    if (!this.#snapshot) return readdir(path.join(this.dir, relative));
    const prefix = `${relative}/`;
    const names = new Set<string>();
    for (const name of [...this.#snapshot.files.keys(), ...this.#snapshot.folders])
      if (name.startsWith(prefix)) names.add(name.slice(prefix.length).split('/')[0]!);
    return [...names];
  }

  #refuse(file: string, code: PackError['code'], message: string): undefined {
    this.errors.push({ file, path: [], code, message });
    return undefined;
  }

  /** Checks one path below the pack folder; returns what it is, or undefined after an error. */
  async #inspect(relative: string, want: 'file' | 'folder'): Promise<{ size: number } | undefined> {
    const shown = want === 'folder' ? `${relative}/` : relative;
    const parts = relative.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\')))
      return this.#refuse(
        shown,
        'not_a_file',
        'the name leaves the pack folder or is not a plain file name; nothing was read',
      );
    for (let depth = 1; depth <= parts.length; depth++) {
      const here = parts.slice(0, depth).join('/');
      const last = depth === parts.length;
      const label = last && want === 'file' ? here : `${here}/`;
      let stats: PathKind;
      try {
        stats = await this.#lstat(here);
      } catch {
        return this.#refuse(
          shown,
          'missing_file',
          last
            ? `${want === 'file' ? 'file' : 'folder'} not found (expected ${shown} in the pack folder)`
            : `folder ${label} not found in the pack folder`,
        );
      }
      if (stats.link)
        return this.#refuse(
          shown,
          'not_a_file',
          `${label} is a symbolic link; a pack holds its own files (links could point outside it), so it was not followed`,
        );
      if (!last || want === 'folder') {
        if (!stats.folder) return this.#refuse(shown, 'not_a_file', `${label} is not a folder`);
        continue;
      }
      if (stats.folder)
        return this.#refuse(shown, 'not_a_file', `${here} is a folder; expected a JSON file`);
      if (!stats.file)
        return this.#refuse(
          shown,
          'not_a_file',
          `${here} is not a regular file (a device, socket or pipe); expected a JSON file`,
        );
      return { size: stats.size };
    }
    return { size: 0 };
  }

  /** Whether a folder exists as a real folder of the pack (errors when it is a link or a file). */
  async folder(relative: string): Promise<boolean | undefined> {
    try {
      await this.#lstat(relative);
    } catch {
      return false;
    }
    return (await this.#inspect(relative, 'folder')) ? true : undefined;
  }

  /** The text of a pack file, or undefined after recording why it cannot be used. */
  async text(file: string, maxBytes: number): Promise<string | undefined> {
    const found = await this.#inspect(file, 'file');
    if (!found) return undefined;
    const tooLarge = (size: number) =>
      this.#refuse(
        file,
        'too_large',
        `the file has ${formatBytes(size)}; the limit for this file is ${formatBytes(maxBytes)}`,
      );
    if (found.size > maxBytes) return tooLarge(found.size);
    if (this.#bytesRead + found.size > PACK_LIMITS.packBytes)
      return this.#refuse(
        file,
        'too_large',
        `the pack's files exceed ${formatBytes(PACK_LIMITS.packBytes)} together`,
      );
    const held = this.#snapshot?.files.get(file);
    if (held) {
      this.#bytesRead += held.length;
      return this.#decode(file, held);
    }
    let bytes: Buffer;
    // O_NOFOLLOW and a second size check close the gap between the check above and the read.
    const handle = await open(
      path.join(this.dir, file),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    ).catch(() => undefined);
    if (!handle) return this.#refuse(file, 'not_a_file', 'the file could not be opened');
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) return this.#refuse(file, 'not_a_file', `${file} is not a regular file`);
      if (stats.size > maxBytes) return tooLarge(stats.size);
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
    if (bytes.length > maxBytes) return tooLarge(bytes.length);
    this.#bytesRead += bytes.length;
    return this.#decode(file, bytes);
  }

  #decode(file: string, bytes: Buffer): string | undefined {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
      return this.#refuse(
        file,
        'encoding',
        'the file starts with a byte order mark (line 1, column 1); save it as UTF-8 without BOM',
      );
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
      return this.#refuse(
        file,
        'encoding',
        'the file is UTF-16 (byte order mark at line 1, column 1); save it as UTF-8',
      );
    if (!isUtf8(bytes)) {
      const offset = firstInvalidUtf8(bytes);
      const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
      let line = 1;
      for (let index = bytes.indexOf(0x0a); index !== -1 && index < offset; ) {
        line++;
        index = bytes.indexOf(0x0a, index + 1);
      }
      const column = bytes.toString('utf8', lineStart, offset).length + 1;
      return this.#refuse(
        file,
        'encoding',
        `the file is not valid UTF-8: byte 0x${bytes[offset]!.toString(16).padStart(2, '0')} at line ${line}, column ${column}; save it as UTF-8`,
      );
    }
    return bytes.toString('utf8');
  }
}

interface PathKind {
  link: boolean;
  folder: boolean;
  file: boolean;
  size: number;
}

/**
 * Every file of a pack folder read once into memory (docs/architecture.md, "One plan per
 * process"): the plan cache hashes these bytes and the loader reads the same bytes, so a
 * plan is exactly the content its cache key names, even when the folder is edited while
 * the pack loads. Paths are relative, with `/`.
 */
export interface PackSnapshot {
  readonly files: ReadonlyMap<string, Buffer>;
  readonly folders: ReadonlySet<string>;
}

/**
 * The snapshot of a pack folder; undefined when it holds anything but regular files and
 * folders (a link: the loader refuses it from the disk, and says why), or more bytes than a
 * pack may have, or cannot be read.
 */
export async function readPackSnapshot(dir: string): Promise<PackSnapshot | undefined> {
  const files = new Map<string, Buffer>();
  const folders = new Set<string>();
  let total = 0;
  try {
    const names = (await readdir(dir, { recursive: true })).sort();
    for (const name of names) {
      const relative = name.split(path.sep).join('/');
      const stats = await lstat(path.join(dir, name));
      if (stats.isDirectory()) {
        folders.add(relative);
        continue;
      }
      if (!stats.isFile()) return undefined;
      const handle = await open(
        path.join(dir, name),
        constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      );
      try {
        if (!(await handle.stat()).isFile()) return undefined;
        const bytes = await handle.readFile();
        total += bytes.length;
        if (total > PACK_LIMITS.packBytes) return undefined;
        files.set(relative, bytes);
      } finally {
        await handle.close();
      }
    }
  } catch {
    return undefined;
  }
  return { files, folders };
}

// Byte ranges of well-formed UTF-8 (Unicode 15, table 3-7): lead byte -> allowed second byte.
function secondByteRange(lead: number): [number, number, number] | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return [0x80, 0xbf, 1];
  if (lead === 0xe0) return [0xa0, 0xbf, 2];
  if ((lead >= 0xe1 && lead <= 0xec) || lead === 0xee || lead === 0xef) return [0x80, 0xbf, 2];
  if (lead === 0xed) return [0x80, 0x9f, 2];
  if (lead === 0xf0) return [0x90, 0xbf, 3];
  if (lead >= 0xf1 && lead <= 0xf3) return [0x80, 0xbf, 3];
  if (lead === 0xf4) return [0x80, 0x8f, 3];
  return undefined;
}

/** Offset of the first byte that does not belong to well-formed UTF-8 (the text is known to have one). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index++;
      continue;
    }
    const range = secondByteRange(lead);
    if (!range) return index;
    const [low, high, continuations] = range;
    const second = bytes[index + 1];
    if (second === undefined || second < low || second > high) return index;
    for (let next = 2; next <= continuations; next++) {
      const byte = bytes[index + next];
      if (byte === undefined || byte < 0x80 || byte > 0xbf) return index;
    }
    index += continuations + 1;
  }
  return bytes.length;
}
