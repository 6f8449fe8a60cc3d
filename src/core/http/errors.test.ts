import { describe, expect, it } from 'vitest';
import { failureWith } from './errors.js';

describe('failureWith', () => {
  it('writes the message first and keeps the extra fields', () => {
    const error = failureWith(400, 'Sorry, we cannot revert this commit automatically.', { error_code: 'conflict' });
    expect(error.status).toBe(400);
    expect(JSON.stringify(error.body)).toBe('{"message":"Sorry, we cannot revert this commit automatically.","error_code":"conflict"}');
    expect(error.message).toBe('Sorry, we cannot revert this commit automatically.');
  });

  it('never lets an extra field replace the message', () => {
    expect(failureWith(400, 'kept', { message: 'lost', error_code: 'empty' }).body).toEqual({ message: 'kept', error_code: 'empty' });
  });
});
