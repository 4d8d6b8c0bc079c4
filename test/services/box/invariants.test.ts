import { describe } from 'vitest';
import type { Seed } from '../../../src/schema/seed.js';
import { BoxInvariants } from '../../../src/services/box/invariants.js';
import { ruleCases } from '../../support/invariant-cases.js';

const folder = (id: string, name: string, parent: string | null, status = 'active') => ({
  id,
  type: 'folder',
  name,
  parent_id: parent,
  item_status: status,
});
const file = (id: string, name: string, parent: string, status = 'active') => ({
  id,
  type: 'file',
  name,
  parent_id: parent,
  item_status: status,
});

const seed: Seed = {
  name: 'box-invariants',
  service: 'box',
  tables: {
    box_folders: {
      key: ['id'],
      rows: [
        folder('0', 'All Files', null),
        folder('f1', 'Projects', '0'),
        folder('f2', 'Old drafts', '0', 'trashed'),
      ],
    },
    box_files: {
      key: ['id'],
      rows: [
        file('a1', 'Plan.pdf', 'f1'),
        file('a2', 'Notes.txt', 'f1'),
        file('a3', 'Plan.pdf', 'f2', 'trashed'),
      ],
    },
    box_file_versions: { key: ['id'], rows: [{ id: 'v1', file_id: 'a1', version_number: '1' }] },
  },
};

const files = (id: string) => ({ table: 'box_files', key: { id } });
const folders = (id: string) => ({ table: 'box_folders', key: { id } });

describe('Box invariants', () => {
  ruleCases(
    BoxInvariants,
    seed,
    [
      {
        rule: 'box.unique-name-in-folder',
        what: 'a second file of the name in other case',
        patch: [{ op: 'insert', table: 'box_files', row: file('a4', 'plan.PDF', 'f1') }],
        violations: [[files('a1'), files('a4')]],
      },
      {
        rule: 'box.unique-name-in-folder',
        what: 'a folder named like a file beside it',
        patch: [{ op: 'insert', table: 'box_folders', row: folder('f9', 'notes.txt', 'f1') }],
        violations: [[files('a2'), folders('f9')]],
      },
      {
        rule: 'box.unique-name-in-folder',
        what: 'a file moved into a folder that holds its name',
        patch: [
          {
            op: 'update',
            table: 'box_files',
            key: { id: 'a3' },
            set: { parent_id: 'f1', item_status: 'active' },
          },
        ],
        violations: [[files('a1'), files('a3')]],
      },
      {
        rule: 'box.item-name-allowed',
        what: 'a trailing space',
        patch: [
          { op: 'update', table: 'box_files', key: { id: 'a2' }, set: { name: 'Notes.txt ' } },
        ],
        violations: [[files('a2')]],
      },
      {
        rule: 'box.item-name-allowed',
        what: 'a slash',
        patch: [
          { op: 'update', table: 'box_folders', key: { id: 'f1' }, set: { name: '2026/Q1' } },
        ],
        violations: [[folders('f1')]],
      },
      {
        rule: 'box.parent-folder-exists',
        what: 'a file in a folder that is not there',
        patch: [
          { op: 'update', table: 'box_files', key: { id: 'a2' }, set: { parent_id: 'f404' } },
        ],
        violations: [[files('a2'), folders('f404')]],
      },
      {
        rule: 'box.parent-folder-exists',
        what: 'a folder deleted under its files',
        patch: [{ op: 'delete', table: 'box_folders', key: { id: 'f2' } }],
        violations: [[files('a3'), folders('f2')]],
      },
      {
        rule: 'box.version-file-exists',
        what: 'a file deleted without its versions',
        patch: [{ op: 'delete', table: 'box_files', key: { id: 'a1' } }],
        violations: [[{ table: 'box_file_versions', key: { id: 'v1' } }, files('a1')]],
      },
    ],
    [
      {
        rule: 'box.unique-name-in-folder',
        what: 'a trashed namesake in the folder',
        patch: [{ op: 'insert', table: 'box_files', row: file('a6', 'Plan.pdf', 'f1', 'trashed') }],
      },
      {
        rule: 'box.unique-name-in-folder',
        what: 'the name in another folder',
        patch: [{ op: 'insert', table: 'box_files', row: file('a7', 'Plan.pdf', '0') }],
      },
      {
        rule: 'box.unique-name-in-folder',
        what: 'a rename that frees the name first',
        patch: [
          { op: 'update', table: 'box_files', key: { id: 'a1' }, set: { name: 'Plan (old).pdf' } },
          { op: 'insert', table: 'box_files', row: file('a8', 'Plan.pdf', 'f1') },
        ],
      },
      {
        rule: 'box.item-name-allowed',
        what: 'brackets, dots and inner spaces',
        patch: [
          {
            op: 'update',
            table: 'box_files',
            key: { id: 'a2' },
            set: { name: 'Notes (v2).final.txt' },
          },
        ],
      },
      {
        rule: 'box.version-file-exists',
        what: 'a file deleted with its versions',
        patch: [
          { op: 'delete', table: 'box_file_versions', key: { id: 'v1' } },
          { op: 'delete', table: 'box_files', key: { id: 'a1' } },
        ],
      },
    ],
  );
});
