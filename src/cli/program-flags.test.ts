import { describe, expect, it } from 'vitest';
import { flagNames, programFlags, programOnlyFlags, readCommandLine, valueFlags } from './program-flags.js';

describe('the program flags table', () => {
  it('derives which flags take a value and which are program-only', () => {
    expect([...valueFlags()].sort()).toEqual(['--color', '--context', '--fields', '--jq', '--output', '--state', '--sudo', '--url', '-o', '-q']);
    expect([...programOnlyFlags()].sort()).toEqual(['--version', '-V']);
    expect(flagNames('-o, --output <format>')).toEqual(['-o', '--output']);
    expect(flagNames('-g|--group [group]')).toEqual(['-g', '--group']);
    expect(flagNames('--no-color')).toEqual(['--no-color']);
    expect(flagNames(' ,-y ,,  --yes,')).toEqual(['-y', '--yes']);
    expect(programFlags(['table', 'json']).find((f) => f.flags.startsWith('-o'))?.choices).toEqual(['table', 'json']);
  });
});

describe('readCommandLine', () => {
  it('skips program flags and their values, stops at --', () => {
    expect(readCommandLine(['--state', 'tokens', '-o', 'json', 'users', 'list', '--', 'x']).words).toEqual(['users', 'list']);
    expect(readCommandLine(['--output=json', 'tokens', 'list']).words).toEqual(['tokens', 'list']);
  });

  it('names a program-only flag given after a command', () => {
    expect(readCommandLine(['--version']).misplaced).toBeUndefined();
    expect(readCommandLine(['-o', 'json', '-V']).misplaced).toBeUndefined();
    expect(readCommandLine(['tokens', 'revoke', '2', '--version']).misplaced).toBe('--version');
    expect(readCommandLine(['wikis', 'get', 'X', '-V', 'SHA']).misplaced).toBe('-V');
    expect(readCommandLine(['tokens', '--', '--version']).misplaced).toBeUndefined();
  });

  it('names a program-only flag given before a command too', () => {
    expect(readCommandLine(['--version', 'tokens', 'list']).misplaced).toBe('--version');
    expect(readCommandLine(['-V', '--state', 'dir', 'users', 'list']).misplaced).toBe('-V');
    expect(readCommandLine(['--state', 'dir', '-V']).misplaced).toBeUndefined();
    expect(readCommandLine(['--version', 'help', 'tokens']).misplaced).toBeUndefined();
  });
});
