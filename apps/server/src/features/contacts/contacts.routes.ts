import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  updateContact,
} from '@strata/contracts/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { createContactsService } from './contacts.service.ts';

/** Contacts at the seed's contact_info paths (mounted under /api). */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before contactsRoutes');
  const service = createContactsService(app.db);
  const route = routesFrom(app, { tags: ['contacts'], preValidation: app.authenticate });

  route(listContacts, { handler: async (request) => service.list(request.user, request.query) });
  route(getContact, { handler: async (request) => service.get(request.user, request.params.id) });
  route(createContact, { handler: async (request) => service.create(request.user, request.body) });
  route(updateContact, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteContact, { handler: async (request) => service.remove(request.user, request.params.id) });
};
