import type { Client } from 'pg';

/** Subscribes a dedicated connection to NOTIFY on `channel` (a fixed identifier, never user input). */
export async function listen(client: Client, channel: string): Promise<void> {
  await client.query(`LISTEN ${channel}`);
}
