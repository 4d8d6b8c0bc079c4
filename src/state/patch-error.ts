import type { Row } from '../schema/json.js';

export type PatchErrorCode = 'unknown_table' | 'missing_row' | 'duplicate_key' | 'bad_key';

/** A patch operation that cannot apply. Data, not an exception: callers collect them all. */
export interface PatchError {
  code: PatchErrorCode;
  /** Position of the operation in its patch (0-based). */
  opIndex: number;
  table: string;
  key: Row | undefined;
  message: string;
}
