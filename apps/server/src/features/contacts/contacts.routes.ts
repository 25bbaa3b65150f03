import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  updateContact,
} from '@strata/contracts/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { versionedBody } from '../../plugins/row-version.ts';
import { createContactsService } from './contacts.service.ts';

/** Contacts at the seed's contact_info paths (mounted under /api). */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before contactsRoutes');
  const service = createContactsService(app.db);
  const tags = ['contacts'];

  app.route({
    method: listContacts.method,
    url: listContacts.url,
    preValidation: app.authenticate,
    schema: {
      summary: listContacts.summary,
      tags,
      querystring: listContacts.querystring,
      response: listContacts.response,
    },
    handler: async (request) => service.list(request.user, request.query),
  });

  app.route({
    method: getContact.method,
    url: getContact.url,
    preValidation: app.authenticate,
    schema: { summary: getContact.summary, tags, params: getContact.params, response: getContact.response },
    handler: async (request) => service.get(request.user, request.params.id),
  });

  app.route({
    method: createContact.method,
    url: createContact.url,
    preValidation: app.authenticate,
    schema: {
      summary: createContact.summary,
      tags,
      body: createContact.body,
      response: createContact.response,
    },
    handler: async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  });

  app.route({
    method: updateContact.method,
    url: updateContact.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateContact.summary,
      tags,
      params: updateContact.params,
      body: updateContact.body,
      response: updateContact.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });

  app.route({
    method: deleteContact.method,
    url: deleteContact.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteContact.summary,
      tags,
      params: deleteContact.params,
      response: deleteContact.response,
    },
    handler: async (request) => service.remove(request.user, request.params.id),
  });
};
