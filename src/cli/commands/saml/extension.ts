// Calls of the /api/v4/hostctl/... extensions. A real instance of the platform has no such
// endpoints and answers the unknown-route 404; that becomes a message naming the cause.
import { ApiError } from '../../../client/api-error.js';
import { CliError, EXIT } from '../../kit/errors.js';

export async function extension<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && (error.body as { error?: unknown } | null)?.error === '404 Not Found') {
      throw new CliError(`${error.path} is a hostctl extension; this command needs a hostctl instance (hostctl serve or a local state)`, EXIT.notFound, 'on the platform itself, use its web interface for this setting');
    }
    throw error;
  }
}
