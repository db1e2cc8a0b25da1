import { type AdminSerial, CreateEpisodeBody, CreateSerialBody } from '@hondana/domain/admin/admin-serials-api';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { createEpisode, createSerial } from '../modules/admin/admin-serials.service';
import type { DemoPlan } from './demo-plan';

/**
 * The console's requests carry a one-time token, which its route claims before calling the
 * service (`adminMutation`); the services ignore it, and the demo is no request.
 */
const NO_TOKEN = 'demo-seed';

/**
 * The demo's serials and their episodes, made as an operator makes them in the console: each
 * request checked by the console's own schemas (`CreateSerialBody`, `CreateEpisodeBody`), then
 * the console's services (`createSerial`, then `createEpisode` per episode, in order), each dated
 * when the plan says the operator made it. Returns the serials made, by their plan `ref`.
 */
export async function insertDemoSerials(trx: Transaction<Database>, plan: DemoPlan): Promise<Map<number, AdminSerial>> {
  const made = new Map<number, AdminSerial>();
  for (const serial of plan.serials) {
    const { body } = await createSerial(trx, CreateSerialBody.parse({ token: NO_TOKEN, ...serial.request }), serial.createdAt);
    for (const episode of serial.episodes) {
      await createEpisode(trx, body.id, CreateEpisodeBody.parse({ token: NO_TOKEN, ...episode.request }), episode.createdAt);
    }
    made.set(serial.ref, body);
  }
  return made;
}
