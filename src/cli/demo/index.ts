// Demo data for `hostctl init --demo`, created through the API like any client would. Each area
// adds its part in a file of its own here and is called from seedDemo.
import type { ApiClient } from '../../client/client.js';
import { seedPeople } from './people.js';

export type DemoLog = (line: string) => void;

export async function seedDemo(client: ApiClient, log: DemoLog): Promise<void> {
  await seedPeople(client, log);
}
