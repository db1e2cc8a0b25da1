import type { FastifyRequest } from 'fastify';
import { sessionUser } from './session-plugin';

/**
 * §6: R18 is listed and served only when the request says `ac=1` and its member has confirmed
 * their age; a guest or an under-18 member never gets it, whatever `ac` says. Without `ac=1`
 * no session is looked up.
 */
export async function adultAllowed(request: FastifyRequest, ac: number | string | boolean): Promise<boolean> {
  if (ac !== 1 && ac !== '1' && ac !== true) return false;
  return (await sessionUser(request))?.adultState === 'ADULT';
}
