// Asserts that an API call failed with the given status (and, when given, exactly this body).
import { expect } from 'vitest';
import { ApiError } from '../../src/client/api-error.js';

export async function expectApiError(promise: Promise<unknown>, status: number, body?: unknown): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  if (body !== undefined) expect((error as ApiError).body).toEqual(body);
  return error as ApiError;
}
