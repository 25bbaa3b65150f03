import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

/**
 * Where a parsed JSON value holds text that is not well-formed Unicode — a lone surrogate, which JSON can
 * spell (`"\ud800"`) but UTF-8 cannot: PostgreSQL refuses it in `jsonb` and a `text` column would silently
 * store U+FFFD instead. Answers the path of the first one (`body.settings.name`), or undefined.
 */
export function illFormedTextPath(value: unknown, path = 'body'): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = illFormedTextPath(value[index], `${path}.${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!key.isWellFormed()) return `${path} (a key)`;
      const found = illFormedTextPath(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * JSON bodies: Fastify's own parser (prototype-poisoning keys refused, as by default), then a refusal of
 * ill-formed text, so that every route answers it with one 400 instead of some failing in the database.
 * Registered at the root; better-auth's routes parse their own bodies.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      parse(request, String(body), (error, value) => {
        if (error) return done(error);
        const path = illFormedTextPath(value);
        if (path) {
          return done(
            new AppError(
              'BAD_REQUEST',
              `${path}: the text is not valid Unicode (a lone surrogate such as \\ud800)`,
            ),
          );
        }
        done(null, value);
      });
    });
  },
  { name: 'json-body' },
);
