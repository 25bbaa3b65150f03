import {
  LINKED_CONNECTOR_MESSAGES,
  type TCsvProfileFields as TCsvProfile,
} from '@strata/contracts/linked-connectors';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { findCsvProfile } from './linked-connectors.repository.ts';

/**
 * The profile a manual load reads its CSV with: the inline one or a saved one of the load's repository
 * (never both). Answers the payload fields the loader's task keeps: the profile itself (so a profile changed
 * or deleted after the call does not change a queued load) and the saved one's id (GET .../import offers it
 * again for the connector's next file).
 */
export async function csvProfileForLoad(
  db: Kysely<Database>,
  body: { repository_id: string; csv_profile?: TCsvProfile; csv_profile_id?: string },
): Promise<{ csv_profile?: TCsvProfile; csv_profile_id?: string }> {
  if (body.csv_profile_id === undefined) return body.csv_profile ? { csv_profile: body.csv_profile } : {};
  if (body.csv_profile) throw new AppError('BAD_REQUEST', LINKED_CONNECTOR_MESSAGES.PROFILE_TWICE);
  const saved = await findCsvProfile(db, body.csv_profile_id);
  if (!saved || saved.repository_id !== body.repository_id)
    throw AppError.notFound(LINKED_CONNECTOR_MESSAGES.PROFILE_NOT_FOUND);
  return { csv_profile: saved.profile as TCsvProfile, csv_profile_id: saved.id };
}
