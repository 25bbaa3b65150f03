import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_UI_PATH = '/api/docs';

/** OpenAPI 3.1 built from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export const openapiPlugin = fp<{ version: string; publicUrl: string }>(
  async (app: FastifyInstance, { version, publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Strata API',
          description:
            'Portfolio and wealth tracking. Errors: `{ code, message, details? }`, see docs/api.md.',
          version,
        },
        servers: [{ url: publicUrl }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: OPENAPI_UI_PATH });
  },
  { name: 'openapi' },
);
