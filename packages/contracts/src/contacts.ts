import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

// Field rules are core's `validateContact` (name required, the rest limited text). The seed's path for
// contacts is contact_info (core seed §7); the web's pages are /contacts.

export const ZContact = z.object({
  id: z.string(),
  repository_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  notes: z.string().nullable(),
  /** Ids of the assets the contact is linked to. */
  assets: z.array(z.string()),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  updated_at: z.iso.datetime(),
  updated_by: z.string().nullable(),
  version: ZVersion,
});
export type TContact = z.infer<typeof ZContact>;

const ZContactText = z.string().max(10_000).nullish();

export const ZListContactsQuery = z.object({ repository_id: ZRecordId, asset_id: ZRecordId.optional() });
export const ZContactFields = z.object({
  name: ZContactText,
  email: ZContactText,
  phone: ZContactText,
  company: ZContactText,
  notes: ZContactText,
  /** Replaces the contact's assets; ids of assets of the same repository. */
  assets: z.array(ZRecordId).max(1000).optional(),
});
export const ZCreateContactBody = ZContactFields.extend({ repository_id: ZRecordId });
export type TCreateContactBody = z.infer<typeof ZCreateContactBody>;
/** Fields left out keep their value; `version` (or If-Match) is the one the client edited. */
export const ZUpdateContactBody = ZContactFields.extend({ version: ZVersion.nullish() });
export type TUpdateContactBody = z.infer<typeof ZUpdateContactBody>;
export const ZContactParams = z.object({ id: ZRecordId });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listContacts = defineEndpoint({
  method: 'GET',
  url: '/contact_info',
  summary: "A repository's contacts (or one asset's), by name",
  querystring: ZListContactsQuery,
  response: { 200: z.array(ZContact), ...errors },
});

export const getContact = defineEndpoint({
  method: 'GET',
  url: '/contact_info/:id',
  summary: 'One contact',
  params: ZContactParams,
  response: { 200: ZContact, ...errors },
});

export const createContact = defineEndpoint({
  method: 'POST',
  url: '/contact_info',
  summary: 'Create a contact, optionally linked to assets',
  body: ZCreateContactBody,
  response: { 201: ZContact, ...errors },
});

export const updateContact = defineEndpoint({
  method: 'PUT',
  url: '/contact_info/:id',
  summary: "Change a contact's fields or its assets (fields left out keep their value)",
  params: ZContactParams,
  body: ZUpdateContactBody,
  response: { 200: ZContact, ...errors, 409: ZErrorBody },
});

export const deleteContact = defineEndpoint({
  method: 'DELETE',
  url: '/contact_info/:id',
  summary: 'Delete a contact (its links to assets go with it)',
  params: ZContactParams,
  response: { 200: ZMessageResponse, ...errors },
});
