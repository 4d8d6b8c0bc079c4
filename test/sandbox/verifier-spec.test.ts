import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeVerifier, resolveVerifierSpec } from '../../src/sandbox/verifier-spec.js';

describe('resolveVerifierSpec', () => {
  it('classifies a path by extension and makes it absolute', () => {
    expect(resolveVerifierSpec('verifiers/linear_52.py')).toEqual({
      kind: 'python',
      path: path.resolve('verifiers/linear_52.py'),
    });
    for (const extension of ['.ts', '.mts', '.js', '.mjs']) {
      expect(resolveVerifierSpec(`v/all${extension}`)).toEqual({
        kind: 'module',
        path: path.resolve(`v/all${extension}`),
      });
    }
  });

  it('says what it expected for an unknown extension or spec', () => {
    expect(() => resolveVerifierSpec('verifier.rb')).toThrow(
      /verifier "verifier.rb": expected a .py file or a JS\/TS module/,
    );
    expect(() => resolveVerifierSpec({ kind: 'wasm' } as never)).toThrow(
      'verifier spec kind must be "module", "python", "command" or "judge", got "wasm"',
    );
    expect(() => resolveVerifierSpec({ kind: 'command', command: '' })).toThrow(
      'verifier command must be a non-empty string',
    );
  });

  it('keeps commands as given, with a copy of the arguments', () => {
    const args = ['-q'];
    const spec = resolveVerifierSpec({ kind: 'command', command: 'ruby', args });
    args.push('changed');
    expect(spec).toEqual({ kind: 'command', command: 'ruby', args: ['-q'] });
    expect(describeVerifier(spec)).toBe('ruby -q');
    expect(describeVerifier(resolveVerifierSpec('/x/y/check.py'))).toBe('check.py');
  });
});
