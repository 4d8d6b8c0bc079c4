import { describe, expect, it } from 'vitest';
import { trashItem, uploadFile } from '../../src/authoring/box.js';
import { applyPatch, findRow, idSequence } from '../../src/authoring/index.js';
import { brokenServiceRules } from '../../src/authoring/service-rules.js';
import { baseState } from '../services/box/fixture.js';

const marta = findRow(baseState, 'box_users', { name: 'Marta Kowalczyk' });
const surveys = baseState
  .rows('box_folders')
  .find((row) => row.name === 'Surveys' && row.item_status === 'active')!;
const inSurveys = baseState
  .rows('box_files')
  .filter((row) => row.parent_id === surveys.id && row.item_status === 'active');
const call = () => ({
  by: marta,
  when: '2026-03-10T10:00:00+00:00',
  newId: idSequence({ start: 9_800_000_001, avoid: [baseState] }),
});

describe('brokenServiceRules', () => {
  it('finds none in the built-in Box seed', () => {
    expect(brokenServiceRules('box', baseState)).toEqual([]);
  });

  it('names the rule a same-named upload breaks, whatever its case, and ignores the trash', () => {
    const existing = inSurveys[0]!;
    const clash = uploadFile(String(existing.name).toUpperCase(), surveys, 'x\n', call());
    expect(
      brokenServiceRules('box', applyPatch(baseState, clash.ops)).map((broken) => broken.rule),
    ).toEqual(['box.unique-name-in-folder']);
    const afterTrash = applyPatch(baseState, [
      trashItem('box_files', existing, call()),
      ...uploadFile(String(existing.name), surveys, 'x\n', call()).ops,
    ]);
    expect(brokenServiceRules('box', afterTrash)).toEqual([]);
  });
});
