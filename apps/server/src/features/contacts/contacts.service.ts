import type { TContact, TCreateContactBody, TUpdateContactBody } from '@strata/contracts/contacts';
import { DOCUMENT_MESSAGES, validateContact } from '@strata/core/documents/document-rules';
import { MESSAGES } from '@strata/core/validation/messages';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { fieldError } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { unknownAssets } from '../documents/index.ts';
import {
  assetIdsOf,
  deleteContact,
  findContact,
  getContact,
  insertContact,
  listContacts,
  setContactAssets,
  type TContactRow,
} from './contacts.repository.ts';

function toContact(row: TContactRow, assets: readonly string[]): TContact {
  return {
    id: row.id,
    repository_id: row.repository_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    notes: row.notes,
    assets: [...assets],
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
    version: row.version,
  };
}

function invalid(errors: readonly { field: string; message: string }[]): AppError {
  return fieldError(Object.fromEntries(errors.map((error) => [error.field, [error.message]])));
}

/** Contacts (the seed's contact_info) and the assets they are linked to. */
export function createContactsService(db: Kysely<Database>) {
  async function access(user: TAccessUser | null, id: string, need: 'read' | 'write'): Promise<TContactRow> {
    const row = await findContact(db, id);
    await requireRecordAccess(db, user, row?.repository_id, need, DOCUMENT_MESSAGES.CONTACT_NOT_FOUND);
    return row as TContactRow;
  }

  async function assertAssets(repositoryId: string, assets: readonly string[] | undefined): Promise<void> {
    if (assets && (await unknownAssets(db, repositoryId, assets)).length > 0)
      throw fieldError({ assets: [MESSAGES.UNKNOWN_ASSET] });
  }

  async function respond(id: string): Promise<TContact> {
    const row = await getContact(db, id);
    return toContact(row, (await assetIdsOf(db, [id])).get(id) ?? []);
  }

  return {
    async list(
      user: TAccessUser | null,
      query: { repository_id: string; asset_id?: string },
    ): Promise<TContact[]> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const rows = await listContacts(db, query.repository_id, query.asset_id);
      const assets = await assetIdsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toContact(row, assets.get(row.id) ?? []));
    },

    async get(user: TAccessUser | null, id: string): Promise<TContact> {
      const row = await access(user, id, 'read');
      return toContact(row, (await assetIdsOf(db, [id])).get(id) ?? []);
    },

    async create(user: TAccessUser | null, body: TCreateContactBody): Promise<TContact> {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      const result = validateContact(body);
      if (!result.ok) throw invalid(result.errors);
      await assertAssets(body.repository_id, body.assets);
      const actor = (user as TAccessUser).id;
      const id = await db.transaction().execute(async (trx) => {
        const contactId = await insertContact(trx, {
          repository_id: body.repository_id,
          ...result.value,
          created_by: actor,
          updated_by: actor,
        });
        await setContactAssets(trx, body.repository_id, contactId, body.assets ?? []);
        return contactId;
      });
      return respond(id);
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: TUpdateContactBody,
      expected: number | undefined,
    ): Promise<TContact> {
      const { repository_id: repositoryId } = await access(user, id, 'write');
      await assertAssets(repositoryId, body.assets);
      return db.transaction().execute(async (trx) => {
        const row = await updateVersioned(
          trx,
          'contacts',
          id,
          { expected, notFoundMessage: DOCUMENT_MESSAGES.CONTACT_NOT_FOUND },
          (current) => {
            const result = validateContact(body, current);
            if (!result.ok) throw invalid(result.errors);
            return { ...result.value, updated_at: new Date(), updated_by: (user as TAccessUser).id };
          },
        );
        if (body.assets) await setContactAssets(trx, repositoryId, id, body.assets);
        return toContact(row, (await assetIdsOf(trx, [id])).get(id) ?? []);
      });
    },

    async remove(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      const row = await access(user, id, 'write');
      await deleteContact(db, id);
      return { message: `Contact ${row.name} deleted` };
    },
  };
}
